import { useT } from '../i18n/catalogs';

/** Recovery codes, shown once when made: the person keeps them somewhere safe. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useT();
  return (
    <div className="notice is-warning recovery-codes" role="alert">
      <p>{t('shell.account.recovery.intro')}</p>
      <ul aria-label={t('shell.account.recovery.title')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button is-small" onClick={onDone}>
        {t('shell.account.recovery.saved')}
      </button>
    </div>
  );
}
