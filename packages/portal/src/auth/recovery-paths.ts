/** Where "Forgot password?" leads, and where the mailed reset link opens (`?email=…&userId=…&secret=…&expire=…`). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';

/** Router state that hands the address typed on one form to the "Forgot password?" form. */
export interface ForgotPasswordState {
  email?: string;
}

export function forgotPasswordState(email: string): ForgotPasswordState {
  return { email: email.trim() };
}

export function emailFromState(state: unknown): string {
  const email = (state as ForgotPasswordState | null)?.email;
  return typeof email === 'string' ? email : '';
}
