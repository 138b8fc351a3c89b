import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDialect } from './0005-meeting-roster.js';

// get-my-people walks an index of the caller's own people in the order it answers and stops at the
// page; before, it read every meeting the caller ever saw and sorted everyone in them by name.
// viewer_people holds one row per (registered user, person e-mail) that get-my-people lists:
// - met_count: in how many meetings the owner (by user id or `em:<email>`) and the person (by user
//   id or `em:` address) both appear; a count, so a roster change or a deleted meeting adjusts it
//   without re-reading the owner's other meetings;
// - user_id: the registered user with that e-mail, contact_name: the owner's guest contact's name;
// - sort_name: the name the route sorts by (the user's name, else the contact's, else the local
//   part of the address), paged by (sort_name, email) in code-point order.
// A row exists while met_count > 0 or the owner has a contact with that address; never for the
// owner's own address. store/README.md ("Reads bounded by the page") has the writers that keep it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

export function viewerPeople(dialect: MigrationDialect): Migration {
  return {
    async up(db: Db): Promise<void> {
      // Code-point order: SQLite's default BINARY compares UTF-8 bytes, which is code-point order;
      // PostgreSQL's default collation follows the locale, "C" compares bytes as SQLite does.
      const text = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
      await db.schema
        .createTable('viewer_people')
        .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', text, (c) => c.notNull())
        .addColumn('sort_name', text, (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('met_count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('viewer_people_pk', ['owner_user_id', 'email'])
        .execute();
      await db.schema
        .createIndex('viewer_people_page_idx')
        .on('viewer_people')
        .columns(['owner_user_id', 'sort_name', 'email'])
        .execute();
      // A registration or a rename updates every owner's row of that address.
      await db.schema.createIndex('viewer_people_email_idx').on('viewer_people').column('email').execute();

      const localPart =
        dialect === 'postgres'
          ? sql`case when strpos(k.email, '@') > 0 then substr(k.email, 1, strpos(k.email, '@') - 1) else k.email end`
          : sql`case when instr(k.email, '@') > 0 then substr(k.email, 1, instr(k.email, '@') - 1) else k.email end`;
      // The owners of a meeting are the registered users among its viewers (by id or by address);
      // its persons are the addresses of its `em:` viewers, the user each lower-cased address names,
      // and the address of each user viewer, as the route read them. SQL's lower() folds ASCII only,
      // where the route's lookup folds all of Unicode: the two differ for an `em:` id with non-ASCII
      // capitals, which only a seed document can store (every API writer stores them lower-cased).
      await sql`
        with owners as (
          select v.meeting_id, u.id as owner_id, u.email as owner_email
          from meeting_viewers v join users u on u.id = v.viewer_id
          union
          select v.meeting_id, u.id, u.email
          from meeting_viewers v join users u on v.viewer_id = 'em:' || u.email
        ), persons as (
          select meeting_id, substr(viewer_id, 4) as email from meeting_viewers
          where substr(viewer_id, 1, 3) = 'em:'
          union
          select v.meeting_id, u.email from meeting_viewers v join users u
            on u.email = lower(substr(v.viewer_id, 4)) and substr(v.viewer_id, 1, 3) = 'em:'
          union
          select v.meeting_id, u.email from meeting_viewers v join users u on u.id = v.viewer_id
        ), met as (
          select o.owner_id, p.email, count(*) as n
          from owners o join persons p on p.meeting_id = o.meeting_id
          where p.email <> o.owner_email
          group by o.owner_id, p.email
        ), k as (
          select owner_id, email from met
          union
          select c.owner_user_id, c.email from guest_contacts c join users o on o.id = c.owner_user_id
          where c.email <> o.email
        )
        insert into viewer_people (owner_user_id, email, sort_name, user_id, contact_name, met_count)
        select k.owner_id, k.email, coalesce(u.name, c.name, ${localPart}), u.id, c.name, coalesce(m.n, 0)
        from k
        left join met m on m.owner_id = k.owner_id and m.email = k.email
        left join users u on u.email = k.email
        left join guest_contacts c on c.owner_user_id = k.owner_id and c.email = k.email
      `.execute(db);
    },
  };
}
