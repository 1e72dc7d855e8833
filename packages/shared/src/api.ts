// The one JSON shape of every answer (ARCHITECTURE "Rules the code keeps").
export type ApiFailure = { success: false; error: string };
export type ApiSuccess<T extends object = object> = { success: true } & T;

/** Turns the first zod issue into the member-facing message it carries. */
export function firstIssueMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
