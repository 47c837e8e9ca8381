import { onResponse } from './client';

// Global responses (401/419 reload the page, 503 sets maintenance mode, a later success clears it), decided by a pure function and applied by
// installGlobalResponses (wired once in main.tsx). The rule for 401/419 needs the previous response's outcome.

export type GlobalDecision = {
  /** Reload the page: the session ended while the user was working (401) or the anti-forgery token expired (419). */
  reload: boolean;
  /** 'set' on 503, 'clear' on any success, null otherwise. */
  maintenance: 'set' | 'clear' | null;
};

export type GlobalContext = {
  /** Outcome of the previous response; null before the first one. */
  wasPreviousOk: boolean | null;
  isLoginPage: boolean;
};

export function decideGlobalResponse(status: number, isOk: boolean, context: GlobalContext): GlobalDecision {
  if (status === 503) return { reload: false, maintenance: 'set' };
  if (isOk) return { reload: false, maintenance: 'clear' };
  const isSessionLost = status === 401 || status === 419;
  return { reload: isSessionLost && context.wasPreviousOk === true && !context.isLoginPage, maintenance: null };
}

export type GlobalEffects = {
  currentPath: () => string;
  loginPath: string;
  maintenancePath: string;
  reload: () => void;
  setMaintenance: (isOn: boolean) => void;
  /** Goes to the maintenance page, remembering where the user was. */
  goToMaintenance: (from: string) => void;
};

/** Subscribes to every API response; returns the unsubscribe function. */
export function installGlobalResponses(effects: GlobalEffects): () => void {
  let wasPreviousOk: boolean | null = null;
  return onResponse((status, isOk) => {
    const path = effects.currentPath();
    const decision = decideGlobalResponse(status, isOk, { wasPreviousOk, isLoginPage: path === effects.loginPath });
    wasPreviousOk = isOk;
    if (decision.maintenance === 'set') {
      effects.setMaintenance(true);
      if (path !== effects.maintenancePath) effects.goToMaintenance(path);
    }
    if (decision.maintenance === 'clear') effects.setMaintenance(false);
    if (decision.reload) effects.reload();
  });
}
