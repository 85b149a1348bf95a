import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stagesSql } from '../server/db/functions/stages-sql';

/** Writes server/db/functions/stages.sql from STAGES (see server/db/functions/stages-sql.ts). */
const path = join(import.meta.dirname, '..', 'server', 'db', 'functions', 'stages.sql');
writeFileSync(path, stagesSql());
console.log('server/db/functions/stages.sql');
