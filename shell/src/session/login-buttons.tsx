import { useMetaStore } from '@outpost/host';
import { useT } from '../i18n/catalogs';
import { loginWithDiscord, loginWithSteam } from './login';

/** Steam and Discord sign-in buttons; nothing until the server's metadata has loaded. */
export function LoginButtons({ className = 'button' }: { className?: string }) {
  const providers = useMetaStore((state) => state.meta?.loginProviders);
  // `pnpm demo`: the Steam endpoint is the demo's own provider, which offers the demo accounts.
  const demo = useMetaStore((state) => state.meta?.demo === true);
  const t = useT();
  if (!providers) return null;
  return (
    <span className="login-buttons">
      <button type="button" className={`${className} login-steam`} onClick={() => void loginWithSteam(providers.steam)}>
        <img src="/img/providers/steam.svg" alt="" width={16} height={16} />{' '}
        {demo ? t('shell.login.demo') : t('shell.login.steam')}
      </button>
      {providers.discord.enabled && (
        <button type="button" className={`${className} login-discord`} onClick={loginWithDiscord}>
          <img src="/img/providers/discord.svg" alt="" width={16} height={16} /> {t('shell.login.discord')}
        </button>
      )}
    </span>
  );
}
