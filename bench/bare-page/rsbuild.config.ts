import { defineBarePageConfig } from '@outpost/build';

export default defineBarePageConfig();
