// A resource's name as people read it (one record's kind: "Crew"), in the chosen language: at the
// start of a text, and inside a sentence ("Add usage record"), where react-admin's own messages
// read it too (`resources.<name>.forcedCaseName`, lower case where the language writes so).
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const resourceName = (translate: Translate, resource: string, count = 1) =>
  translate(`resources.${resource}.name`, { smart_count: count, _: resource });

export const resourceNameInSentence = (translate: Translate, resource: string, count = 1) =>
  translate(`resources.${resource}.forcedCaseName`, { smart_count: count, _: resourceName(translate, resource, count) });
