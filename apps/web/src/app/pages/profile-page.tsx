import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { isAdminMember, useCurrentMember } from '../../features/members/api/members.ts';
import { MembersList } from '../../features/members/components/members-list.tsx';
import { usePartner } from '../../features/partners/api/get-partner.ts';
import { BankInfo } from '../../features/partners/components/bank-info.tsx';
import { Colours } from '../../features/partners/components/colours.tsx';
import { DefaultRoyalty } from '../../features/partners/components/default-royalty.tsx';
import { NameAndLogo } from '../../features/partners/components/name-and-logo.tsx';
import { TermsDocuments } from '../../features/partners/components/terms-documents.tsx';
import { usePartnerId, useSession } from '../../lib/session.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Loading } from '../../components/query-boundary.tsx';

/** The organisation profile: everyone reads it; admins change it, and only they see bank and royalty. */
export function ProfilePage() {
  const partnerId = usePartnerId();
  const { userId } = useSession();
  const partner = usePartner(partnerId);
  const me = useCurrentMember(partnerId, userId!);

  if (partner.isPending || me.isPending) return <Loading label="Loading the profile" />;
  if (partner.isError || me.isError) return <FailureAlert error={partner.error ?? me.error} />;

  const admin = isAdminMember(me.data);
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle>Organization profile</PageTitle>
      <NameAndLogo partner={partner.data} editable={admin} />
      <Colours partner={partner.data} editable={admin} />
      {admin && <BankInfo partner={partner.data} />}
      {admin && <DefaultRoyalty partner={partner.data} />}
      <TermsDocuments partnerId={partner.data.ID} editable={admin} />
      <MembersList
        partnerId={partner.data.ID}
        userId={userId!}
        isAdmin={admin}
        canRemove={me.data?.Roles[0]?.name === 'admin'}
      />
    </Stack>
  );
}
