import type { Db } from '../client.ts';
import {
  memberRoles,
  members,
  partners,
  permissions,
  rolePermissions,
  roles,
  users,
  widgetSettings,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { permissionValues } from '../../modules/members/index.ts';
import type { Storage } from '../../adapters/storage/index.ts';
import { emblemPng } from './png.ts';
import { seededRandom } from './random.ts';

export const demoLogin = { email: 'demo@partnerportal.test', password: 'demo-password' } as const;
export const demoStaffLogin = { email: 'staff@partnerportal.test', password: 'demo-password' } as const;

const roleDefinitions: { name: string; value: string; permissions: readonly string[] }[] = [
  { name: 'admin', value: 'Admin', permissions: permissionValues },
  // A manager runs everything but the team and the payouts.
  {
    name: 'manager',
    value: 'Manager',
    permissions: permissionValues.filter((p) => p !== 'manage_team' && p !== 'manage_payouts'),
  },
  { name: 'box office', value: 'BoxOffice', permissions: ['manage_fans', 'check_in', 'view_analytics'] },
];

/** Roles and permissions every installation needs; safe to call on a database that has them. */
export async function ensureRoles(db: Db) {
  await db
    .insert(permissions)
    .values(permissionValues.map((value) => ({ value })))
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values(roleDefinitions.map(({ name, value }) => ({ name, value })))
    .onConflictDoNothing();
  const [allRoles, allPermissions] = await Promise.all([db.select().from(roles), db.select().from(permissions)]);
  const roleId = (value: string) => allRoles.find((r) => r.value === value)!.id;
  const links = roleDefinitions.flatMap((r) =>
    r.permissions.map((p) => ({
      roleId: roleId(r.value),
      permissionId: allPermissions.find((x) => x.value === p)!.id,
    })),
  );
  await db.insert(rolePermissions).values(links).onConflictDoNothing();
  return { roleId };
}

const firstNames = [
  'Ava',
  'Noah',
  'Mia',
  'Liam',
  'Zoe',
  'Ethan',
  'Isla',
  'Lucas',
  'Maya',
  'Owen',
  'Nora',
  'Leo',
  'Ruby',
  'Theo',
  'Ivy',
  'Felix',
  'Chloe',
  'Jonah',
  'Elena',
  'Sami',
];
const lastNames = [
  'Harper',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Reyes',
  'Kowalski',
  'Brennan',
  'Haddad',
  'Novak',
  'Ferreira',
  'Walsh',
  'Mensah',
  'Duval',
];
const cities = [
  { city: 'Portland', country: 'United States', postal: '97201' },
  { city: 'Halifax', country: 'Canada', postal: 'B3H 1A1' },
  { city: 'Bristol', country: 'United Kingdom', postal: 'BS1 4DJ' },
  { city: 'Seattle', country: 'United States', postal: '98101' },
];

const harbourLook = {
  primaryColor: '#1B4965',
  secondaryColor: '#62B6CB',
  tertiaryColor: '#F4A259',
  partnerSecondaryDefaultRoyalty: 0.05,
  secondaryRoyalty: 0.05,
  platformFee: 0.05,
};
const harbourWidget = {
  primaryBrandColor: '#1B4965',
  secondaryBrandColor: '#F4A259',
  titleBrandFont: 'Montserrat',
  textBrandFont: 'Inter',
  websiteUrl: 'http://localhost:5500',
};
const harbourEmblem = () => emblemPng(128, [27, 73, 101], [244, 162, 89], [98, 182, 203]);

/** The demo's 48 fans; `tag` keeps their addresses apart from other copies' (ava.harper0.tag@fans.test). */
async function seedFans(db: Db, tag?: string) {
  const rnd = seededRandom(7);
  const fanValues = Array.from({ length: 48 }, (_, i) => {
    const first = firstNames[i % firstNames.length]!;
    const last = lastNames[(i * 7) % lastNames.length]!;
    const place = rnd.pick(cities);
    return {
      email: `${first}.${last}${i}${tag ? `.${tag}` : ''}@fans.test`.toLowerCase(),
      fullName: `${first} ${last}`,
      phoneNumber: i % 3 === 0 ? `+1 206 555 ${String(1000 + i).slice(-4)}` : '',
      streetAddress: `${10 + i} ${rnd.pick(['Harbour', 'Pier', 'Elm', 'Quay', 'Mill'])} Street`,
      city: place.city,
      postalCode: place.postal,
      country: place.country,
    };
  });
  const fans = await db.insert(users).values(fanValues).returning({ id: users.id });
  return fans.map((f) => f.id);
}

/**
 * An organisation like the demo's Harbour Lights Live, with people of its own: an admin and a box office
 * member (the demo password) and 48 fans, all with addresses tagged `tag`. For browser tests that run
 * side by side, each on data no other test touches.
 */
export async function seedPartnerPeople(db: Db, storage: Storage, tag: string) {
  const { roleId } = await ensureRoles(db);
  const passwordHash = await hashPassword(demoLogin.password);
  const [partner] = await db
    .insert(partners)
    .values({ name: `Harbour Test ${tag}`, image: await storage.put(harbourEmblem(), 'image/png'), ...harbourLook })
    .returning();
  if (!partner) throw new Error('partner not seeded');
  await db.insert(widgetSettings).values({ partnerId: partner.id, ...harbourWidget });
  const [admin, staff] = await db
    .insert(users)
    .values([
      { email: `admin.${tag}@partnerportal.test`, fullName: 'Dana Whitaker', passwordHash },
      { email: `staff.${tag}@partnerportal.test`, fullName: 'Sam Ortega', passwordHash },
    ])
    .returning();
  if (!admin || !staff) throw new Error('users not seeded');
  const [adminMember, staffMember] = await db
    .insert(members)
    .values([
      { partnerId: partner.id, userId: admin.id, status: true },
      { partnerId: partner.id, userId: staff.id, status: true, invitedBy: admin.id },
    ])
    .returning({ id: members.id });
  await db.insert(memberRoles).values([
    { memberId: adminMember!.id, roleId: roleId('Admin') },
    { memberId: staffMember!.id, roleId: roleId('BoxOffice') },
  ]);
  return { partner, admin, staff, fans: await seedFans(db, tag), adminMemberId: adminMember!.id };
}

export async function seedPeople(db: Db, storage: Storage) {
  const { roleId } = await ensureRoles(db);
  const passwordHash = await hashPassword(demoLogin.password);

  const harbourLogo = await storage.put(harbourEmblem(), 'image/png');
  const northLogo = await storage.put(emblemPng(128, [46, 64, 87], [233, 196, 106], [42, 157, 143]), 'image/png');
  const [harbour, north] = await db
    .insert(partners)
    .values([
      { name: 'Harbour Lights Live', image: harbourLogo, ...harbourLook },
      {
        name: 'Northfield Arts Centre',
        image: northLogo,
        primaryColor: '#2E4057',
        secondaryColor: '#2A9D8F',
        tertiaryColor: '',
        platformFee: 0.04,
      },
    ])
    .returning();
  if (!harbour || !north) throw new Error('partners not seeded');
  await db.insert(widgetSettings).values([{ partnerId: harbour.id, ...harbourWidget }, { partnerId: north.id }]);

  const [admin, staff, northAdmin] = await db
    .insert(users)
    .values([
      { email: demoLogin.email, fullName: 'Dana Whitaker', passwordHash, phoneNumber: '+1 503 555 0100' },
      { email: demoStaffLogin.email, fullName: 'Sam Ortega', passwordHash },
      { email: 'director@northfield.test', fullName: 'Priya Raman', passwordHash },
    ])
    .returning();
  if (!admin || !staff || !northAdmin) throw new Error('users not seeded');

  const memberRows = await db
    .insert(members)
    .values([
      { partnerId: harbour.id, userId: admin.id, status: true },
      { partnerId: harbour.id, userId: staff.id, status: true, invitedBy: admin.id },
      { partnerId: north.id, userId: admin.id, status: true, invitedBy: northAdmin.id },
      { partnerId: north.id, userId: northAdmin.id, status: true },
    ])
    .returning({ id: members.id, partnerId: members.partnerId, userId: members.userId });
  const memberId = (p: number, u: number) => memberRows.find((m) => m.partnerId === p && m.userId === u)!.id;
  await db.insert(memberRoles).values([
    { memberId: memberId(harbour.id, admin.id), roleId: roleId('Admin') },
    { memberId: memberId(harbour.id, staff.id), roleId: roleId('BoxOffice') },
    { memberId: memberId(north.id, admin.id), roleId: roleId('Manager') },
    { memberId: memberId(north.id, northAdmin.id), roleId: roleId('Admin') },
  ]);

  const fans = await seedFans(db);
  return {
    harbour,
    north,
    admin,
    staff,
    fans,
    adminMemberId: memberId(harbour.id, admin.id),
  };
}
