import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Router state that carries a confirmation to the next page ("Application submitted successfully!"). */
export interface FlashState {
  flash?: string;
  /** `waiting`: something is saved but not done yet (a posting waiting for approval), shown without the green of success. */
  flashTone?: 'success' | 'waiting';
}

export function flashState(message: string, tone: 'success' | 'waiting' = 'success'): FlashState {
  return tone === 'success' ? { flash: message } : { flash: message, flashTone: tone };
}

/**
 * The confirmation the previous page handed over, announced once on arrival. It is taken out of the
 * history entry at once, so a reload or a later visit of the entry does not repeat it.
 */
export function Flash() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as (FlashState & Record<string, unknown>) | null;
  const handed = typeof state?.flash === 'string' && state.flash ? state.flash : '';
  const [message] = useState(handed);
  const [tone] = useState(state?.flashTone === 'waiting' ? 'waiting' : 'success');

  useEffect(() => {
    if (!handed) return;
    const { flash: _shown, flashTone: _tone, ...rest } = state ?? {};
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: rest });
  }, [handed, state, location.pathname, location.search, location.hash, navigate]);

  if (!message) return null;
  return (
    <p className="portal-flash ok-confirmation" data-tone={tone} role="status">
      {message}
    </p>
  );
}
