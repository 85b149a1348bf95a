/**
 * Test data for the API tests: accounts written straight to the database, sign-in through the real
 * token endpoint, and small helpers (valid CPFs, row counts).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { isValidCpf } from '../../machines/rules/cpf';
import type { Executor } from '../../server/db/client';
import { medicSecretaries, oauthTokens, users, type NewUserRow, type UserRow } from '../../server/db/schema/index';
import type { AppDeps } from '../../server/deps';
import { hashPassword } from '../../server/services/auth/password';
import { hashToken } from '../../server/services/auth/token-service';

export const TEST_PASSWORD = 'Senha@123';
/** The OAuth client of the default config (DECISIONS §10). */
export const TEST_CLIENT = { client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' } as const;

let sequence = 0;
const next = () => ++sequence;

/** A valid CPF (11 digits, no mask), distinct for each seed below 10^9. */
export function validCpf(seed: number): string {
  const base = String(Math.abs(Math.trunc(seed)) % 1_000_000_000).padStart(9, '0');
  // Finds the check digits with the product's own rule instead of repeating it here.
  for (let check = 0; check < 100; check++) {
    const candidate = base + String(check).padStart(2, '0');
    if (isValidCpf(candidate)) return candidate;
  }
  return validCpf(seed + 1); // repeated-digit bases (000000000, 111111111…) have none
}

/**
 * A fixture account's password hash: made as the server makes one (`scrypt$N$r$p$salt$hash`, NFKC) but at N = 2^10
 * rather than production's 2^15. The parameters travel with each hash and the sign-in verifies at whatever cost the
 * hash names, so signing a fixture account in still runs the real verifyPassword, about 30 times cheaper: a
 * production hash is ~0.1 s of CPU and 32 MiB on a quiet core, and the API suite signs fixture accounts in over a
 * thousand times per run, on each database. The production cost stays tested: signup, invites and password changes
 * store hashes from hashPassword (signup-doctor.test.ts and tests/unit/server/password.test.ts check its
 * parameters), and `productionHash: true` gives a fixture account one (the sign-in timing test needs it).
 */
const FIXTURE_COST = 2 ** 10;
function fixtureHash(plain: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(plain.normalize('NFKC'), salt, 64, { N: FIXTURE_COST, r: 8, p: 1 });
  return ['scrypt', FIXTURE_COST, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

type AccountOverrides = Partial<Omit<NewUserRow, 'type' | 'passwordHash'>> & {
  password?: string;
  /** Hash the password at the production cost (hashPassword) instead of the fixtures' cheap one. */
  productionHash?: boolean;
};
export type TestAccount = UserRow & { password: string };

async function insertAccount(deps: Pick<AppDeps, 'db'>, type: 'medic' | 'secretary', overrides: AccountOverrides) {
  const n = next();
  const { password = TEST_PASSWORD, productionHash = false, ...columns } = overrides;
  const [row] = await deps.db
    .insert(users)
    .values({
      type,
      email: `${type === 'medic' ? 'medico' : 'secretaria'}${n}.${process.pid}@teste.com.br`,
      firstName: type === 'medic' ? `Médico${n}` : `Secretária${n}`,
      lastName: 'Teste',
      cpf: validCpf(100_000 + n * 7919 + (type === 'medic' ? 0 : 3)),
      ...(type === 'medic' ? { crm: `${10_000 + n}/SP`, address: 'Rua das Flores, 100', cellphone: '11987654321' } : {}),
      ...columns,
      ...(columns.email ? { email: columns.email.trim().toLowerCase() } : {}),
      passwordHash: productionHash ? await hashPassword(password) : fixtureHash(password),
    })
    .returning();
  return { ...row!, password };
}

/** A medic account; `password` (default TEST_PASSWORD) is hashed (fixtureHash) and also returned. */
export function createMedic(deps: Pick<AppDeps, 'db'>, overrides: AccountOverrides = {}): Promise<TestAccount> {
  return insertAccount(deps, 'medic', overrides);
}

/** A secretary account linked to each of `medicIds`. */
export async function createSecretary(
  deps: Pick<AppDeps, 'db'>,
  { medicIds, ...overrides }: AccountOverrides & { medicIds: number[] },
): Promise<TestAccount> {
  const secretary = await insertAccount(deps, 'secretary', overrides);
  if (medicIds.length > 0) {
    await deps.db.insert(medicSecretaries).values(medicIds.map((medicId) => ({ medicId, secretaryId: secretary.id })));
  }
  return secretary;
}

export type SignedIn = { access_token: string; refresh_token: string };

/** Signs in through POST /auth/token (password grant); throws with the response when it fails. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', username: email, password, ...TEST_CLIENT },
  });
  if (res.statusCode !== 200) throw new Error(`signIn(${email}) failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as SignedIn;
  return { access_token: body.access_token, refresh_token: body.refresh_token };
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type AuthHeaders = ReturnType<typeof authHeader>;

/** A medic, a secretary linked to that medic and another medic, each signed in. */
export type MedicSecretaryAndOther = {
  medic: TestAccount;
  secretary: TestAccount;
  otherMedic: TestAccount;
  asMedic: AuthHeaders;
  asSecretary: AuthHeaders;
  asOtherMedic: AuthHeaders;
};

/**
 * Creates a medic, a secretary of that medic and another medic, and signs each one in (POST /auth/token); returns
 * the accounts and their Bearer headers. The four-account tenancy set is tests/helpers/tenants.ts.
 */
export async function signInMedicSecretaryAndOther(deps: Pick<AppDeps, 'db'>, app: FastifyInstance): Promise<MedicSecretaryAndOther> {
  const medic = await createMedic(deps);
  const otherMedic = await createMedic(deps);
  const secretary = await createSecretary(deps, { medicIds: [medic.id] });
  const headers = async (account: TestAccount) => authHeader((await signIn(app, account.email, account.password)).access_token);
  return {
    medic,
    secretary,
    otherMedic,
    asMedic: await headers(medic),
    asSecretary: await headers(secretary),
    asOtherMedic: await headers(otherMedic),
  };
}

/** Number of rows in a table. */
export async function countRows(db: Executor, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** The sign-in (token family) of a token, for signing file links outside a request. */
export async function tokenFamily(deps: Pick<AppDeps, 'db'>, token: string): Promise<string> {
  const [row] = await deps.db.select({ familyId: oauthTokens.familyId }).from(oauthTokens).where(eq(oauthTokens.tokenHash, hashToken(token)));
  if (!row) throw new Error('tokenFamily: unknown token');
  return row.familyId;
}
