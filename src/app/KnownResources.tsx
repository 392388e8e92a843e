// react-admin learns the console's resources from an effect of its router, after its first render
// of the page, and every part that reads them (the menu, links, record names) then renders again.
// When the person's roles are known before that first render (they are after sign-in), the same
// routes declare the same resources here first: react-admin's own declaration finds nothing new,
// and nothing renders twice. Otherwise (roles still coming) react-admin declares them as usual.
import { type ReactElement, type ReactNode, useState } from 'react';
import { type ResourceDefinition, ResourceDefinitionContextProvider, type ResourceDefinitions } from 'react-admin';
import { useCurrentAccess } from '../routes/useVisibleRoutes';

/** How a resource element (react-admin's <Resource>) declares itself. */
type Declaring = { registerResource?: (props: unknown, permissions: unknown) => ResourceDefinition };

function definitionsOf(elements: ReactElement[], permissions: unknown): ResourceDefinitions {
  const definitions: ResourceDefinitions = {};
  for (const element of elements) {
    const declare = (element.type as Declaring).registerResource;
    if (!declare) continue;
    const definition = declare(element.props, permissions);
    definitions[definition.name] = definition;
  }
  return definitions;
}

export function KnownResources({
  routes,
  children,
}: {
  routes: (permissions: string[] | undefined) => ReactElement[];
  children: ReactNode;
}) {
  // The roles are the info's, as the auth provider's permissions are (without react-admin's
  // usePermissions, which would draw the whole console again at each change of location).
  const access = useCurrentAccess();
  // Read once, as react-admin's provider reads its first definitions once: later changes reach it by its own declaration.
  const [definitions] = useState(() => (access ? definitionsOf(routes(access.roles), access.roles) : undefined));
  return <ResourceDefinitionContextProvider definitions={definitions}>{children}</ResourceDefinitionContextProvider>;
}
