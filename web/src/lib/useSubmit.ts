import { useState } from 'react';
import { notify } from '../components/ui/toaster';
import { errorMessage, isSessionLost } from './api';

export interface SubmitOptions<A extends unknown[], R> {
  /** The success toast's title ('Success' unless given), or a title from what was submitted. */
  successTitle?: string | ((...args: A) => string);
  /** The success toast's description (none when left out); `false`: no success toast at all (a chat message). */
  success?: string | ((result: R) => string) | false;
  /** The error toast's title; 'Error' unless given. */
  failureTitle?: string;
  /**
   * The error toast's description: fixed text, `errorMessage(err, failure.fallback)` when given as `{ fallback }`,
   * or `errorMessage(err)` (the refusal's own message) when given as 'refusal'.
   */
  failure: string | { fallback: string } | 'refusal';
  /** Runs before the error toast (inline field errors from the answer...); not when the session is lost. */
  onFailure?: (err: unknown) => void;
  /** Runs after the success toast (close the dialog, clear fields, navigate...). */
  onSuccess?: (result: R) => void;
  /** Runs when the session is lost, before the redirect `apiRequest` started fires (e.g. to keep a draft). */
  onUnauthorized?: () => void;
  /** Clear `pending` after a success too (for forms that stay on screen); by default it only clears on failure. */
  resetOnSuccess?: boolean;
}

/**
 * The shared submit routine (SPEC §8): mark pending, run the action, toast success then `onSuccess`; on failure clear
 * pending and toast the error, unless `apiRequest` already handled it as a lost session.
 */
export function useSubmit<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: SubmitOptions<A, R>,
) {
  const [pending, setPending] = useState(false);
  const {
    successTitle = 'Success',
    success,
    failureTitle = 'Error',
    failure,
    onSuccess,
    onFailure,
    onUnauthorized,
    resetOnSuccess,
  } = options;

  const submit = async (...args: A): Promise<void> => {
    setPending(true);
    let result: R;
    try {
      result = await action(...args);
    } catch (err) {
      setPending(false);
      if (isSessionLost(err)) {
        onUnauthorized?.();
      } else {
        onFailure?.(err);
        const description =
          failure === 'refusal'
            ? errorMessage(err)
            : typeof failure === 'string'
              ? failure
              : errorMessage(err, failure.fallback);
        notify({ title: failureTitle, description, type: 'error' });
      }
      return;
    }
    if (success !== false) {
      const title = typeof successTitle === 'function' ? successTitle(...args) : successTitle;
      const description = typeof success === 'function' ? success(result) : success;
      notify({ title, description, type: 'success' });
    }
    onSuccess?.(result);
    if (resetOnSuccess) setPending(false);
  };

  return { submit, pending, reset: () => setPending(false) };
}
