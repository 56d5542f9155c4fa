import type { ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import type { PageError, SessionModel } from '../model';

function errorText(error: PageError): string {
  switch (error.kind) {
    case 'missingMovieId':
      return STRINGS.missingMovieId;
    case 'noEpisodes':
      return STRINGS.noEpisodes;
    case 'notFound':
      return STRINGS.contentNotAvailable;
    case 'blocked':
      return STRINGS.blocked;
    case 'unknown':
      return STRINGS.genericError(error.errorId);
  }
}

/** Shows 'Loading...' or the page error until an episode is chosen, then the player. */
export function SessionScreen({ model, children }: { model: SessionModel; children: ReactNode }) {
  const { phase, error, onReload } = useUnit({ phase: model.$phase, error: model.$pageError, onReload: model.reloadClicked });
  if (phase === 'ready') return <>{children}</>;
  if (phase === 'loading' || !error) {
    return (
      <div className="screen-message" role="status" data-testid="page-loading">
        {STRINGS.loading}
      </div>
    );
  }
  return (
    <div className="screen-message screen-message--error" role="alert" data-testid="page-error" data-error-kind={error.kind}>
      <p className="screen-message__text">{errorText(error)}</p>
      {error.kind === 'unknown' && (
        <button type="button" className="screen-message__button" onClick={() => onReload()}>
          {STRINGS.reloadPage}
        </button>
      )}
    </div>
  );
}
