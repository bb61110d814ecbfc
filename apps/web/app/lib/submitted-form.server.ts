import { data } from 'react-router';

/**
 * The form posted to an action. A body that claims to be a form but is not one (a multipart body
 * without its boundary, cut short) is the sender's mistake: 400, not a failure of the page.
 */
export async function submittedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
