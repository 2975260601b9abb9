import { findViolations } from './dependency-direction.ts';

const violations = findViolations(process.cwd());
for (const { file, specifier } of violations) console.error(`${file}: imports ${specifier}, which ARCHITECTURE.md does not allow`);
if (violations.length) process.exit(1);
console.log('dependency direction: ok');
