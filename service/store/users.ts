/** The service's one user (the admin): a fixed id and email, and a name the user may change. */
import { localUser } from '../auth/personal.ts';
import type { Database } from './database.ts';

export interface User {
  id: string;
  name: string;
  email: string;
}

export class UserRegistry {
  constructor(private readonly database: Database) {}

  async current(): Promise<User> {
    const row = await this.database.one<{ name: string }>('SELECT name FROM users WHERE id = $1', [localUser.id]);
    return { id: localUser.id, name: row?.name ?? localUser.name, email: localUser.email };
  }

  async rename(name: string): Promise<User> {
    await this.database.run(
      'INSERT INTO users VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
      [localUser.id, name],
    );
    return this.current();
  }
}
