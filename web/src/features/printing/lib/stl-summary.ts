import { fitsBuildVolume, MAX_PRINT_CM, type StlInfo } from '@shared/stl';

const cm = (mm: number) => (mm / 10).toFixed(1);

/** What the form shows about a parsed STL model: its bounding box in cm, its volume in cm³ and whether it fits. */
export function stlSummary(info: StlInfo): { size: string; volume: string; warning: string | null } {
  return {
    size: `${cm(info.size.x)} × ${cm(info.size.y)} × ${cm(info.size.z)} cm`,
    volume: `${(info.volume / 1000).toFixed(1)} cm³`,
    warning: fitsBuildVolume(info)
      ? null
      : `Larger than our ${MAX_PRINT_CM} × ${MAX_PRINT_CM} × ${MAX_PRINT_CM} cm build volume: scale the model down before sending it.`,
  };
}
