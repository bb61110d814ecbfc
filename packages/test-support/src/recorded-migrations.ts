import pg from 'pg';

/** The migrations recorded in the database at `databaseUrl` (MikroORM's table), in the order they were applied. */
export async function recordedMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM mikro_orm_migrations ORDER BY id',
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}
