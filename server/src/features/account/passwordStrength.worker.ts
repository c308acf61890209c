// The password-strength check in a worker thread (passwordChecks.ts runs it): zxcvbn takes seconds of CPU per password.
import { passwordWeakness } from './passwordStrength';

export interface PasswordStrengthTask {
  password: string;
  userInputs: Array<string | null | undefined>;
}

export default function checkPasswordStrength({ password, userInputs }: PasswordStrengthTask): string | null {
  return passwordWeakness(password, userInputs);
}
