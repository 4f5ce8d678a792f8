import { NotBuiltYet } from '@outpost/ui';

export default function SearchPage() {
  return <NotBuiltYet title="Search" />;
}
