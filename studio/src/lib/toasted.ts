// A request whose outcome the writer is told in a toast (a delete after its confirmation): true when it succeeded.
import { toast } from 'react-hot-toast';

export async function toasted(request: Promise<unknown>, messages: { done: string; failed: string }): Promise<boolean> {
  try {
    await request;
    toast.success(messages.done);
    return true;
  } catch {
    toast.error(messages.failed);
    return false;
  }
}
