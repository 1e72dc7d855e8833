/** For schema tests: the first message for each path of a safeParse result, as a form shows them. */
export function firstMessages(result: { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}
