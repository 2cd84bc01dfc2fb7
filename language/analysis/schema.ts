/**
 * The schema the editor or the service knows: datasets and their fields, with the service's
 * type names (string, integer, float, boolean, datetime, timespan, array, object, ...).
 */
export interface Schema {
  datasets: DatasetSchema[];
}

export interface DatasetSchema {
  name: string;
  fields: FieldSchema[];
}

export interface FieldSchema {
  name: string;
  type: string;
  description?: string;
}
