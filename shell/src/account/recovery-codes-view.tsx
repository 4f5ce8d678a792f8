/** Recovery codes, shown once when made: the person keeps them somewhere safe. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="notice is-warning recovery-codes" role="alert">
      <p>
        Your recovery codes. Each works once, in place of a code from your app. Keep them somewhere safe: they will not
        be shown again.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button is-small" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}
