import { useMetaStore } from '@outpost/host';
import { loginWithDiscord, loginWithSteam } from './login';

/** Steam and Discord sign-in buttons; nothing until the server's metadata has loaded. */
export function LoginButtons({ className = 'button' }: { className?: string }) {
  const providers = useMetaStore((state) => state.meta?.loginProviders);
  if (!providers) return null;
  return (
    <span className="login-buttons">
      <button type="button" className={`${className} login-steam`} onClick={() => loginWithSteam(providers.steam)}>
        <img src="/img/providers/steam.svg" alt="" width={16} height={16} /> Login with Steam
      </button>
      {providers.discord.enabled && (
        <button type="button" className={`${className} login-discord`} onClick={loginWithDiscord}>
          <img src="/img/providers/discord.svg" alt="" width={16} height={16} /> Login with Discord
        </button>
      )}
    </span>
  );
}
