// Contract: the documents feature implements verification; others read `user.isVerified`.

/** Recomputes and stores the user's isVerified from their documents; pushes verification:changed. */
export async function recomputeVerification(_userId: string): Promise<boolean> {
  // implemented by the documents feature
  return false;
}
