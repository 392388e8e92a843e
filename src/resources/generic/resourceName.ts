// A resource's name as people read it (one record's kind: "Crew"), in the chosen language.
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const resourceName = (translate: Translate, resource: string) =>
  translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
