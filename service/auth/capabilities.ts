/** The capability vocabulary of API tokens, as the reference names it (datasets per dataset or `*`, org per area). */

export const actions = ['create', 'read', 'update', 'delete'] as const;
export type Action = (typeof actions)[number];

export const datasetCapabilityNames = [
  'ingest',
  'query',
  'starredQueries',
  'virtualFields',
  'trim',
  'vacuum',
  'data',
  'share',
] as const;
export type DatasetCapabilityName = (typeof datasetCapabilityNames)[number];

export const orgAreas = [
  'annotations',
  'apiTokens',
  'auditLog',
  'billing',
  'dashboards',
  'datasets',
  'endpoints',
  'flows',
  'integrations',
  'monitors',
  'notifiers',
  'rbac',
  'sharedAccessKeys',
  'users',
  'views',
] as const;
export type OrgArea = (typeof orgAreas)[number];

/** dataset name (or `*`) → capability → allowed actions. */
export type DatasetCapabilities = Record<string, Partial<Record<DatasetCapabilityName, Action[]>>>;
/** area → allowed actions. */
export type OrgCapabilities = Partial<Record<OrgArea, Action[]>>;

/** What an endpoint needs. A dataset capability is checked against the dataset the request names. */
export type Capability =
  | { kind: 'dataset'; name: DatasetCapabilityName; action: Action }
  | { kind: 'org'; area: OrgArea; action: Action };

/** The authenticated caller. Personal tokens may do everything in their organisation. */
export type Principal =
  | { kind: 'personal'; userId: string; orgId: string }
  | {
      kind: 'token';
      tokenId: string;
      orgId: string;
      datasetCapabilities: DatasetCapabilities;
      orgCapabilities: OrgCapabilities;
      /** When the token stops working; undefined for no expiry. */
      expiresAt?: Date;
    };

export function datasetCapability(name: DatasetCapabilityName, action: Action): Capability {
  return { kind: 'dataset', name, action };
}

export function orgCapability(area: OrgArea, action: Action): Capability {
  return { kind: 'org', area, action };
}

/**
 * Whether the principal holds the capability. For a dataset capability without a dataset (an
 * endpoint whose datasets are only known later, such as an APL query) any dataset grant counts;
 * the handler then checks each dataset it touches.
 */
export function holds(principal: Principal, capability: Capability, dataset?: string): boolean {
  if (principal.kind === 'personal') return true;
  if (capability.kind === 'org') {
    return principal.orgCapabilities[capability.area]?.includes(capability.action) ?? false;
  }
  const grants = Object.entries(principal.datasetCapabilities);
  return grants.some(
    ([name, grant]) =>
      (dataset === undefined || name === '*' || name === dataset) &&
      (grant[capability.name]?.includes(capability.action) ?? false),
  );
}

export function describeCapability(capability: Capability): string {
  return capability.kind === 'org'
    ? `${capability.area}|${capability.action}`
    : `${capability.name}|${capability.action}`;
}
