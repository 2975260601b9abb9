import { useCallback, useState } from 'react';
import { PortalError, type BoardRuleChange, type YouthRulesModule } from '@opportunity-kit/sdk';
import {
  BOARD_RULE_MESSAGES,
  describeAgeRule,
  describeExclusion,
  RULE_PACKS,
  rulesVersionLabel,
  type AgeRule,
  type BoardRulesAnswer,
  type HoursExclusion,
  type RulePackId,
} from '@opportunity-kit/sdk/domain';
import { AddAgeRuleForm, AddExclusionForm, PackRules } from './board-rule-parts.tsx';
import { messageOf, useLoaded } from './use-loaded.ts';

/**
 * The board's youth-work rules on /board (issue 26): the pack the board works under, the pack's rules
 * read-only with their sources, and the board's own additions, which its administrators edit and save
 * from the revision they read. The server checks everything again and refuses a save made from an
 * older revision; the page then says so and offers to reload.
 */

const PACK_IDS = Object.keys(RULE_PACKS) as RulePackId[];

/** The draft being edited: additions not saved yet carry no id (the server gives them one). */
interface Draft {
  packId: RulePackId;
  exclusions: HoursExclusion[];
  ageRules: AgeRule[];
}

type Outcome = { kind: 'saved' } | { kind: 'stale'; message: string } | { kind: 'failed'; messages: string[] } | null;

export function BoardYouthRules({ youthRules }: { youthRules: YouthRulesModule }) {
  const load = useCallback(() => Promise.all([youthRules.board(), youthRules.boardChanges()]), [youthRules]);
  const { state, reload } = useLoaded(load);
  // The revision this page just saved: its editor, made anew for that revision, says it was saved.
  const [savedRevision, setSavedRevision] = useState<number | null>(null);
  return (
    <section className="schools__section" aria-labelledby="board-youth-rules">
      <h2 id="board-youth-rules">Youth-work rules</h2>
      {state.phase === 'loading' ? <p className="portal-loading">Loading the rules…</p> : null}
      {state.phase === 'failed' ? <p className="portal-alert">{state.message}</p> : null}
      {state.phase === 'ready' ? (
        <RulesEditor
          key={state.value[0].rules.revision}
          answer={state.value[0]}
          changes={state.value[1].changes}
          youthRules={youthRules}
          justSaved={savedRevision === state.value[0].rules.revision}
          onSaved={(revision) => {
            setSavedRevision(revision);
            reload();
          }}
          onReload={reload}
        />
      ) : null}
    </section>
  );
}

function RulesEditor({
  answer,
  changes,
  youthRules,
  justSaved,
  onSaved,
  onReload,
}: {
  answer: BoardRulesAnswer;
  changes: readonly BoardRuleChange[];
  youthRules: YouthRulesModule;
  justSaved: boolean;
  onSaved: (revision: number) => void;
  onReload: () => void;
}) {
  const saved = answer.rules;
  const [draft, setDraft] = useState<Draft>({ packId: saved.packId, exclusions: [...saved.additions.exclusions], ageRules: [...saved.additions.ageRules] });
  const [confirmingSwitch, setConfirmingSwitch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const changed =
    draft.packId !== saved.packId ||
    JSON.stringify([draft.exclusions, draft.ageRules]) !== JSON.stringify([saved.additions.exclusions, saved.additions.ageRules]);

  const save = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answered = await youthRules.saveBoard({
        packId: draft.packId,
        additions: { exclusions: draft.exclusions, ageRules: draft.ageRules },
        revision: saved.revision,
      });
      onSaved(answered.rules.revision);
    } catch (thrown) {
      const stale = thrown instanceof PortalError && thrown.fields.revision === BOARD_RULE_MESSAGES.staleRevision;
      if (stale) setOutcome({ kind: 'stale', message: BOARD_RULE_MESSAGES.staleRevision });
      else
        setOutcome({
          kind: 'failed',
          messages: thrown instanceof PortalError && Object.keys(thrown.fields).length ? Object.values(thrown.fields) : [messageOf(thrown)],
        });
    } finally {
      setBusy(false);
      setConfirmingSwitch(false);
    }
  };
  const requestSave = () => (draft.packId !== saved.packId ? setConfirmingSwitch(true) : void save());

  return (
    <div className="board-rules">
      <p className="schools__meta">Decisions are made under: {rulesVersionLabel(answer.version)}</p>
      <fieldset className="schools__roles board-rules__packs">
        <legend>Rule pack</legend>
        {PACK_IDS.map((packId) => (
          <label key={packId} className="schools__role">
            <input
              type="radio"
              name="board-rule-pack"
              value={packId}
              checked={draft.packId === packId}
              disabled={busy}
              onChange={() => setDraft({ ...draft, packId })}
            />
            {RULE_PACKS[packId].name} (version {RULE_PACKS[packId].version})
          </label>
        ))}
      </fieldset>
      <PackRules pack={RULE_PACKS[draft.packId]} />
      <h3>The board’s additions</h3>
      {draft.exclusions.length + draft.ageRules.length === 0 ? <p className="schools__empty">The board has added nothing to the pack.</p> : null}
      {draft.exclusions.length + draft.ageRules.length > 0 ? (
        <ul className="board-rules__list" aria-label="The board’s additions">
          {[...draft.exclusions, ...draft.ageRules].map((addition, index) => {
            const words = 'minimumAge' in addition ? describeAgeRule(addition) : describeExclusion(addition);
            const sentence = words.charAt(0).toUpperCase() + words.slice(1);
            return (
              <li key={addition.id || `new-${index}`} className="board-rules__item" aria-label={sentence}>
                <span>
                  <strong>{sentence}</strong>. {addition.text}
                  {addition.id ? '' : ' (not saved yet)'}
                </span>
                <button
                  type="button"
                  className="portal-button"
                  disabled={busy}
                  aria-label={`Remove: ${sentence}`}
                  onClick={() =>
                    setDraft({
                      ...draft,
                      exclusions: draft.exclusions.filter((kept) => kept !== addition),
                      ageRules: draft.ageRules.filter((kept) => kept !== addition),
                    })
                  }
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <AddExclusionForm disabled={busy} onAdd={(exclusion) => setDraft({ ...draft, exclusions: [...draft.exclusions, exclusion] })} />
      <AddAgeRuleForm pack={RULE_PACKS[draft.packId]} disabled={busy} onAdd={(rule) => setDraft({ ...draft, ageRules: [...draft.ageRules, rule] })} />
      {confirmingSwitch ? (
        <div className="board-rules__confirm" role="alert">
          <p>
            Switch the board from {RULE_PACKS[saved.packId].name} to {RULE_PACKS[draft.packId].name} rules? Every posting, student and hours decision will be
            made under the new pack.
          </p>
          <div className="schools__actions">
            <button type="button" className="portal-button portal-button--primary" disabled={busy} onClick={() => void save()}>
              Switch to {RULE_PACKS[draft.packId].name}
            </button>
            <button type="button" className="portal-button" disabled={busy} onClick={() => setConfirmingSwitch(false)}>
              Keep {RULE_PACKS[saved.packId].name}
            </button>
          </div>
        </div>
      ) : null}
      {justSaved ? (
        <p className="ok-confirmation" role="status">
          {BOARD_RULE_MESSAGES.saved} {rulesVersionLabel(answer.version)}.
        </p>
      ) : null}
      {outcome?.kind === 'stale' ? (
        <div className="portal-alert" role="alert">
          <p>{outcome.message}</p>
          <button type="button" className="portal-button" onClick={onReload}>
            Reload the rules
          </button>
        </div>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <div className="portal-alert" role="alert">
          {outcome.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div className="schools__actions">
        <button type="button" className="portal-button portal-button--primary" disabled={busy || !changed || confirmingSwitch} onClick={requestSave}>
          {busy ? 'Saving…' : `Save the rules (revision ${saved.revision + 1})`}
        </button>
      </div>
      <ChangeHistory changes={changes} />
    </div>
  );
}

function ChangeHistory({ changes }: { changes: readonly BoardRuleChange[] }) {
  return (
    <>
      <h3 id="board-rules-history">Change history</h3>
      {changes.length === 0 ? <p className="schools__empty">Nobody has changed the rules yet.</p> : null}
      {changes.length > 0 ? (
        <ol className="board-rules__list" aria-labelledby="board-rules-history">
          {changes.map((change) => (
            <li key={change.revision} className="board-rules__change" aria-label={`Revision ${change.revision}`}>
              <p className="schools__meta">
                Revision {change.revision} · {change.changedByName} · <time dateTime={change.changedAt}>{new Date(change.changedAt).toLocaleString()}</time>
              </p>
              <ul>
                {change.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
