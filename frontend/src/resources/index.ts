// Placeholder until the resource screens land: the App renders one <Resource> per entry.
import type { ComponentType } from 'react';

export interface ResourceDef {
  name: string;
  apiPath: string;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

export const resources: ResourceDef[] = [];
