import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../../src/db/seed/index.ts';

export interface PrintedDemoLogins {
  /** Every line the seed printed. */
  output: string[];
  admin: { matric: string; password: string };
  memberPassword: string;
}

/** Reads the demo logins from console lines as the operator would: the super admin's, then the members'. */
export function parseDemoLogins(output: string[]): PrintedDemoLogins {
  const text = output.join('\n');
  const admin = /super admin: matric (\S+), password (\S+)/.exec(text);
  const member = /members: any matric number from \/members.*, password (\S+)/.exec(text);
  if (!admin || !member) throw new Error(`no demo logins in the output:\n${text}`);
  return { output, admin: { matric: admin[1]!, password: admin[2]! }, memberPassword: member[1]! };
}

/** Runs the demo seed as a first start does and answers the logins it printed. */
export async function seedDemoAndReadLogins(app: FastifyInstance): Promise<PrintedDemoLogins> {
  const output: string[] = [];
  await seedDemo(app, (line) => output.push(...line.split('\n')));
  return parseDemoLogins(output);
}
