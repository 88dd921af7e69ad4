import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';

interface ParticipantPageHeaderProps {
  title: string;
  /** Where Back goes (the participant page), with its own query. */
  backTo: string;
  children?: ReactNode;
}

/** The title row of the builds, screenshots and socials pages. */
export function ParticipantPageHeader({ title, backTo, children }: ParticipantPageHeaderProps) {
  return (
    <PageHeader title={title}>
      {children}
      <LinkButton to={backTo} variant="outlined">
        Back
      </LinkButton>
    </PageHeader>
  );
}
