import { Fragment, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { shortcutRows } from '../shortcut-help';

const TITLE_ID = 'shortcuts-title';
const FOCUSABLE = 'button, [href], input, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls: the player under it is out of reach. */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement !== edge && items.includes(document.activeElement as HTMLElement)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

export interface ShortcutsDialogProps {
  strings: (typeof import('../../../lib/strings'))['STRINGS'];
  mobile: boolean;
  onClose: () => void;
  closeIcon: ReactNode;
}

/**
 * The '?' dialog: every shortcut, in a modal over the player. Loaded on first use (React.lazy in
 * player-layout.tsx), it gets its strings, state and icon from there: a module imported here and
 * by the app would be split out of the app's chunk. Focus moves to its close button and goes
 * back where it was on closing; Escape reaches the model through the shortcuts like any key.
 */
export default function ShortcutsDialog({ strings, mobile, onClose, closeIcon }: ShortcutsDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    closeButton.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <div className="shortcuts-backdrop" data-testid="shortcuts-backdrop" onClick={() => onClose()}>
      <div
        className={`shortcuts shortcuts--${mobile ? 'mobile' : 'desktop'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        data-testid="shortcuts-dialog"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={keepFocusInside}
      >
        <div className="shortcuts__top">
          <h2 id={TITLE_ID} className="shortcuts__title">
            {strings.shortcutsTitle}
          </h2>
          <button ref={closeButton} type="button" className="shortcuts__close" aria-label={strings.close} data-testid="shortcuts-close" onClick={() => onClose()}>
            {closeIcon}
          </button>
        </div>
        <table className="shortcuts__table">
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{strings.shortcutKeysHeader}</th>
              <th scope="col">{strings.shortcutActionHeader}</th>
            </tr>
          </thead>
          <tbody>
            {shortcutRows(strings).map(({ kind, keys, action }) => (
              <tr key={kind} data-shortcut={kind}>
                <th scope="row" className="shortcuts__keys">
                  {keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && <span className="shortcuts__or"> {strings.shortcutOr} </span>}
                      <kbd>{key}</kbd>
                    </Fragment>
                  ))}
                </th>
                <td className="shortcuts__action">{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="shortcuts__note">{strings.shortcutsLayoutNote}</p>
      </div>
    </div>
  );
}
