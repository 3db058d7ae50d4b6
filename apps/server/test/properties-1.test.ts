import { routeProperties } from './properties-suite';

// Half of the routes' property tests (properties-suite.ts); the other half runs beside it.
await routeProperties({ part: 1, parts: 2 });
