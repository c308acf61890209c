import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { useSessionStore } from '../../stores/session';

/** Signs in, then SPEC §2/§8: toast 'Success' and reload, or toast 'Login Failed'. Resolves true on success. */
export async function completeLogin(email: string, password: string): Promise<boolean> {
  try {
    await useSessionStore.getState().login({ email, password });
  } catch (err) {
    notify({
      title: 'Login Failed',
      description: errorMessage(err, 'Invalid email or password'),
      type: 'error',
    });
    return false;
  }
  notify({ title: 'Success', description: 'Logged in successfully!', type: 'success' });
  window.location.reload();
  return true;
}
