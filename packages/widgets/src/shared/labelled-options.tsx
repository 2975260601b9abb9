/** The `<option>`s of a list of values with their labels (workplaces, kinds of activity), in the list's order. */
export function labelledOptions<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
