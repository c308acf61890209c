// The password-strength check in a worker thread (passwordChecks.ts runs it): zxcvbn takes seconds of CPU per password.
import { passwordWeakness } from './passwordStrength';

export interface PasswordStrengthTask {
  password: string;
  userInputs: Array<string | null | undefined>;
  /** With zxcvbn's edit-distance pass (PASSWORD_STRENGTH_CHECK=full). */
  fuzzy: boolean;
}

export default function checkPasswordStrength({
  password,
  userInputs,
  fuzzy,
}: PasswordStrengthTask): string | null {
  return passwordWeakness(password, userInputs, { fuzzy });
}
