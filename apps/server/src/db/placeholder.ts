// A prepared statement's named parameter: `P('memberId')` in the SQL, `{ memberId }` at execute.
import { sql } from 'drizzle-orm';

export const P = (name: string) => sql.placeholder(name);
