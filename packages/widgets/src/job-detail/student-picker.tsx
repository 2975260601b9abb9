import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { AssignableStudent } from '@opportunity-kit/sdk/domain';

/** Finds the students a teacher may assign whose name or e-mail contains the text (`portal.jobs.assignableStudents`). @public */
export type FindStudents = (search: string) => Promise<readonly AssignableStudent[]>;

/** Shorter text finds too many to read through; an e-mail is typed whole anyway. */
const MIN_SEARCH = 2;
/** Waits for a pause in typing, so each keystroke does not ask the server. */
const TYPING_PAUSE_MS = 200;

type Search =
  | { status: 'idle' }
  | { status: 'searching'; text: string }
  | { status: 'found'; text: string; students: readonly AssignableStudent[] }
  | { status: 'failed'; text: string };

export interface StudentPickerProps {
  id: string;
  value: string;
  onChange(text: string): void;
  findStudents: FindStudents;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy: string;
  invalid: boolean;
}

/**
 * The assign editor's field as a combobox (ARIA 1.2, list autocomplete): typing part of a name or an
 * e-mail lists the teacher's own school's students; Arrow keys move through them, Enter or a click
 * picks one, which puts their e-mail in the field. What is typed stays an e-mail the form can send
 * as it is, so a student the list does not show is still assigned by their address.
 */
export function StudentPicker({ id, value, onChange, findStudents, inputRef, describedBy, invalid }: StudentPickerProps) {
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<AssignableStudent | null>(null);
  const latest = useRef(0);
  const listId = `${id}-students`;

  useEffect(() => {
    const text = value.trim();
    if (!open || text.length < MIN_SEARCH) {
      setSearch({ status: 'idle' });
      return;
    }
    // Only the newest search may answer: an older one arriving late would list the wrong students.
    const mine = ++latest.current;
    setSearch({ status: 'searching', text });
    const timer = setTimeout(() => {
      findStudents(text).then(
        (students) => mine === latest.current && setSearch({ status: 'found', text, students }),
        () => mine === latest.current && setSearch({ status: 'failed', text }),
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, open, findStudents]);

  const students = search.status === 'found' ? search.students : [];
  const expanded = open && students.length > 0;
  const pick = (student: AssignableStudent) => {
    setPicked(student);
    setOpen(false);
    setActive(-1);
    onChange(student.email);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (students.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + students.length) % students.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Enter picks the highlighted student; without one it submits the form as typed.
      event.preventDefault();
      pick(students[active] as AssignableStudent);
    } else if (event.key === 'Escape' && expanded) {
      // The first Escape closes the list; the next one closes the editor.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        id={`${id}-email`}
        className="ok-job-detail__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${describedBy} ${id}-found`}
        value={value}
        onChange={(event) => {
          setPicked(null);
          setOpen(true);
          setActive(-1);
          onChange(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul className="ok-job-detail__students" id={listId} role="listbox" aria-label="Students of your school" hidden={!expanded}>
        {students.map((student, index) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks through the combobox (Arrow keys, Enter), as ARIA's pattern has it
          <li
            key={student.id}
            id={`${listId}-${index}`}
            className="ok-job-detail__student"
            role="option"
            aria-selected={index === active}
            // Picked before the field's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(student)}
          >
            <span className="ok-job-detail__student-name">{student.name || student.email}</span>{' '}
            <span className="ok-job-detail__student-email">
              {student.email} · {student.schoolName}
            </span>
          </li>
        ))}
      </ul>
      <span className="ok-job-detail__hint" id={`${id}-found`} role="status">
        {foundText(search, open, picked)}
      </span>
    </>
  );
}

function foundText(search: Search, open: boolean, picked: AssignableStudent | null): string {
  if (picked) return `${picked.name || picked.email} picked.`;
  if (!open) return '';
  if (search.status === 'failed') return 'The list of students could not load. You can still type their e-mail.';
  if (search.status !== 'found') return '';
  const count = search.students.length;
  if (count === 0) return `No student of your school matches “${search.text}”. You can still type their e-mail.`;
  return count === 1 ? '1 student found.' : `${count} students found.`;
}
