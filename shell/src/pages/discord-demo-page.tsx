import { LoadingState } from '@outpost/ui/core';
import { lazy, Suspense } from 'react';

// The demo's Discord channel loads only when /demo/discord is opened: no first-page JavaScript.
const DiscordDemoChannel = lazy(() => import('../discord-demo/discord-demo-channel'));

export default function DiscordDemoPage() {
  return (
    <Suspense fallback={<LoadingState what="the Discord channel" />}>
      <DiscordDemoChannel />
    </Suspense>
  );
}
