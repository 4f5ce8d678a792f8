import { LoadingState } from '@outpost/ui/core';
import { lazy, Suspense } from 'react';

// The demo's Discord channel loads only when /demo/discord is opened: no first-page JavaScript.
// Its words come with it (discord-demo/catalogs.ts): drawn once they have arrived.
const DiscordDemoChannel = lazy(() =>
  import('../discord-demo/discord-demo-channel').then(async (module) => {
    await module.discordDemoCatalogs.ready();
    return module;
  }),
);

export default function DiscordDemoPage() {
  return (
    <Suspense fallback={<LoadingState what="the Discord channel" />}>
      <DiscordDemoChannel />
    </Suspense>
  );
}
