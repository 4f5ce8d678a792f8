import { useT } from '@outpost/host';
import { PageHeader, RemoteRoot } from '@outpost/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ActionsSection } from './actions-section';
import { DataSection } from './data-section';
import { FeedbackSection } from './feedback-section';
import { FormsSection } from './forms-section';
import { ListSection } from './list-section';
import { NavigationSection } from './navigation-section';
import { OverlaysSection } from './overlays-section';

const OVERLAYS = ['modal', 'drawer', 'confirm'] as const;

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gallery-group" aria-label={title}>
      <h2 className="gallery-group-title">{title}</h2>
      <div className="gallery-specimens">{children}</div>
    </section>
  );
}

/**
 * /panel/ui: every kit component in every state, for section teams to look at before they build.
 * It follows the page's theme (the navbar's switch). `?open=modal|drawer|confirm` opens an
 * overlay at load (the visual tests use it).
 */
export function GalleryView() {
  const t = useT();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const open = OVERLAYS.find((name) => name === params.get('open')) ?? null;
  return (
    <RemoteRoot id="panel">
      <div className="gallery">
        <PageHeader title={t('panel.gallery.title')} description={t('panel.gallery.description')} />
        <Group title={t('panel.gallery.group.navigation')}>
          <NavigationSection />
        </Group>
        <Group title={t('panel.gallery.group.actions')}>
          <ActionsSection />
        </Group>
        <Group title={t('panel.gallery.group.data')}>
          <DataSection />
          <ListSection />
        </Group>
        <Group title={t('panel.gallery.group.forms')}>
          <FormsSection />
        </Group>
        <Group title={t('panel.gallery.group.feedback')}>
          <FeedbackSection />
        </Group>
        <Group title={t('panel.gallery.group.overlays')}>
          <OverlaysSection initiallyOpen={open} />
        </Group>
      </div>
    </RemoteRoot>
  );
}
