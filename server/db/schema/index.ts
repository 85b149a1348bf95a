// drizzle-kit reads the whole schema from this one module.
export * from './enums';
export * from './lookups';
export * from './users';
export * from './auth';
export * from './patients';
export * from './surgeries';
export * from './preoperative';
export * from './ledger';
export * from './audit';
export * from './history';
export * from './account-security';
export * from './two-factor';
export * from './office-templates';
export * from './sql-definitions';
export * from './billing';
export * from './tiss';
export * from './tiss-statements';
