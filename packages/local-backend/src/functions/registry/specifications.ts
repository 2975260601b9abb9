/**
 * The compute specifications a self-hosted Appwrite offers (app/config/specifications.php): what a
 * function's build and runtime may ask for, and the CPUs and memory (MB) each stands for. Functions run
 * in this server's process, so these are told to the code (APPWRITE_FUNCTION_CPUS/_MEMORY), not enforced.
 */
export interface Specification {
  slug: string;
  memory: number;
  cpus: number;
}

export const SPECIFICATIONS: readonly Specification[] = [
  { slug: 's-0.5vcpu-512mb', memory: 512, cpus: 0.5 },
  { slug: 's-1vcpu-512mb', memory: 512, cpus: 1 },
  { slug: 's-1vcpu-1gb', memory: 1024, cpus: 1 },
  { slug: 's-2vcpu-2gb', memory: 2048, cpus: 2 },
  { slug: 's-2vcpu-4gb', memory: 4096, cpus: 2 },
  { slug: 's-4vcpu-4gb', memory: 4096, cpus: 4 },
  { slug: 's-4vcpu-8gb', memory: 8192, cpus: 4 },
  { slug: 's-8vcpu-4gb', memory: 4096, cpus: 8 },
  { slug: 's-8vcpu-8gb', memory: 8192, cpus: 8 },
];

export const SPECIFICATION_SLUGS: readonly string[] = SPECIFICATIONS.map((specification) => specification.slug);

/** The CPUs and memory of a specification, as the APPWRITE_FUNCTION_CPUS and _MEMORY variables say them. */
export function specificationVariables(slug: string): { APPWRITE_FUNCTION_CPUS: string; APPWRITE_FUNCTION_MEMORY: string } {
  const found = SPECIFICATIONS.find((specification) => specification.slug === slug) ?? { memory: 512, cpus: 1 };
  return { APPWRITE_FUNCTION_CPUS: String(found.cpus), APPWRITE_FUNCTION_MEMORY: String(found.memory) };
}
