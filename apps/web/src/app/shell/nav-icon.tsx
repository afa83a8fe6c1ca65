import {
  IconAffiliate,
  IconBrandTiktok,
  IconBrush,
  IconBuildingFactory2,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconBulb,
  IconChartBar,
  IconHelpCircle,
  IconHome,
  IconMail,
  IconPhoto,
  IconRobot,
  IconShieldCheck,
  IconShirt,
  IconSparkles,
  IconTruckDelivery,
  IconVault,
  IconWand,
  IconWorldSearch,
  type Icon,
} from '@tabler/icons-react';
import type { NavIconName } from '@/config/navigation';

const ICONS: Record<NavIconName, Icon> = {
  home: IconHome,
  copilot: IconSparkles,
  sourcing: IconBuildingFactory2,
  fulfillment: IconTruckDelivery,
  storefront: IconBuildingStore,
  analytics: IconChartBar,
  assistants: IconRobot,
  suggestions: IconWand,
  vault: IconVault,
  concepts: IconBulb,
  design: IconBrush,
  print: IconShirt,
  content: IconPhoto,
  email: IconMail,
  affiliate: IconAffiliate,
  social: IconWorldSearch,
  retail: IconBuildingWarehouse,
  tiktok: IconBrandTiktok,
  quality: IconShieldCheck,
  help: IconHelpCircle,
};

export const NavIcon = ({ name }: { name: NavIconName }) => {
  const Component = ICONS[name];
  return <Component size={18} stroke={1.6} aria-hidden />;
};
