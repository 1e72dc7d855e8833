// Finance: the association's sessions and their dues, the proofs of payment waiting for a
// decision, and the payments recorded. The screens come with the sessions and payments calls.
export function FinanceScreen() {
  return <p className="text-slate-700">Sessions, dues and payments.</p>;
}
