/**
 * A deterministic, realistic-looking catalogue for the search benchmark: the
 * same seed always gives the same products, so figures are comparable between
 * runs and machines. Bump GENERATOR_VERSION whenever the output changes, so the
 * cached SQLite file is rebuilt.
 */
export const GENERATOR_VERSION = 1;

/** mulberry32: tiny, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

export const CATEGORIES = [
  'Robobox Kits',
  'Mechatronics Kits',
  'Blix Kits',
  'Drone Kits',
  'Workshops',
  'Components',
  'Sensors',
  'Tools and Accessories',
] as const;

const BRANDS = ['Robobox', 'Mechatronics', 'Blix', 'Arduino', 'Raspberry', 'Tinkerbot', 'Makerz', 'RoboNova', 'Elektra', 'Volta', 'Kinetix', 'SkyHawk'];
const SERIES = [
  'Explorer',
  'Starter',
  'Pro',
  'Junior',
  'Advanced',
  'Classroom',
  'Mini',
  'Ultra',
  'Smart',
  'Nano',
  'Maker',
  'Genius',
  'Spark',
  'Titan',
  'Pioneer',
];
const KIT_THINGS: Record<string, readonly string[]> = {
  'Robobox Kits': ['Robot', 'Rover', 'Line Follower', 'Robotic Arm', 'Humanoid', 'Obstacle Avoider', 'Bluetooth Car', 'Sumo Bot'],
  'Mechatronics Kits': ['Conveyor', 'Gearbox', 'Pneumatic Arm', 'Crane', 'Hydraulic Lift', 'CNC Plotter', 'Sorting Machine', 'Elevator'],
  'Blix Kits': ['Building Blocks', 'Gear Set', 'Motion Set', 'Creative Set', 'Windmill', 'Catapult', 'Bridge Builder', 'Car Builder'],
  'Drone Kits': ['Quadcopter', 'Hexacopter', 'Drone', 'FPV Racer', 'Camera Drone', 'Glider', 'Mini Drone', 'Flight Controller Drone'],
};
const WORKSHOPS = [
  'Insights to Robotics',
  'All in one Masterclass',
  'Masterclass (Scratch to Pro)',
  'Drone Building Workshop',
  'Arduino Bootcamp',
  'IoT Weekend Workshop',
  'Python for Robots',
  '3D Printing Basics',
  'Electronics Crash Course',
  'Summer Robotics Camp',
];
const COMPONENTS = [
  'Servo Motor',
  'DC Motor',
  'Stepper Motor',
  'Motor Driver',
  'Arduino Uno Board',
  'Arduino Nano Board',
  'ESP32 Board',
  'Lithium Battery',
  'Propeller Set',
  'Brushless Motor',
  'Jumper Wires',
  'Breadboard',
  'Wheel Pair',
  'Chassis Plate',
  'Relay Module',
  'Voltage Regulator',
  'Bluetooth Module',
  'WiFi Module',
];
const SENSORS = [
  'Ultrasonic Sensor',
  'IR Sensor',
  'Temperature Sensor',
  'Humidity Sensor',
  'Gyroscope Sensor',
  'Accelerometer',
  'Colour Sensor',
  'Sound Sensor',
  'Light Sensor',
  'Gas Sensor',
  'Soil Moisture Sensor',
  'Flex Sensor',
];
const TOOLS = [
  'Soldering Iron',
  'Multimeter',
  'Screwdriver Set',
  'Glue Gun',
  'Wire Stripper',
  'Tool Box',
  'Storage Case',
  'Battery Charger',
  'Cutting Mat',
  'Tweezers Set',
];

/** Real words shoppers and shop owners use, most frequent first (they head the Zipf ranking). */
const REAL_WORDS = `
the and with for kit this to a of in your build learn robot motor sensor board students kids
easy includes arduino servo drone programming project projects beginners parts fun science
school make complete guide step instructions battery wires screws power control remote
bluetooth wireless app code coding electronics circuit module modules design assemble assembly
hours age years children teachers classroom stem skills creative creativity hands on
experience advanced basic simple smart autonomous camera flight frame propellers speed
torque gear gears wheels chassis aluminium plastic metal durable quality high best new
compatible controller microcontroller chip usb cable charging charger rechargeable lithium
pack set box tools manual online video tutorials support warranty free shipping india
engineering mechanics mechanical movement motion sensors ultrasonic infrared obstacle
line follower arm gripper humanoid walking legs joints degrees freedom precise accurate
programmable logic blocks scratch python javascript ide software hardware firmware update
led lights display screen buzzer sound music temperature humidity light detection distance
measure measuring range accuracy voltage current volts amps watt efficient energy solar
wind renewable green environment future innovation ideas invent inventors makers maker
community share competition competitions contest championship team teamwork collaborate
problem solving critical thinking logic math physics geometry concepts theory practical
real world applications industry automation factory conveyor crane lift hydraulic pneumatic
pressure air water pump valve cylinder piston lever pulley spring bearing shaft axle
workshop workshops session sessions masterclass course certificate certified trainer expert
mentor mentors online offline weekend batch schedule duration lifetime access recorded
live doubt clearing assignments quiz final presentation demo showcase exhibition
quadcopter hexacopter fpv racing gps altitude hold stabilisation gimbal brushless esc
receiver transmitter channel radio frequency antenna range telemetry payload landing
gear takeoff hover flip mode headless return home safety guard propeller spare
soldering iron multimeter screwdriver glue gun stripper cutter tweezers mat storage case
organiser organizer compartments portable lightweight compact heavy duty professional
`
  .trim()
  .split(/\s+/);

const SYLLABLES = [
  'ro',
  'bo',
  'tix',
  'ka',
  'mek',
  'tron',
  'li',
  'zar',
  'vo',
  'nex',
  'qui',
  'dra',
  'ple',
  'sto',
  'mar',
  'fen',
  'gul',
  'hap',
  'jin',
  'wex',
  'yor',
  'ul',
  'bri',
  'cas',
  'dor',
  'eph',
  'fli',
  'gra',
  'hol',
  'isk',
];

/** The description vocabulary: real words first, then generated words, a few thousand in all. */
export function vocabulary(rand: Rand, size = 3000): string[] {
  const words = [...new Set(REAL_WORDS)];
  const seen = new Set(words);
  while (words.length < size) {
    const w = Array.from({ length: int(rand, 2, 4) }, () => pick(rand, SYLLABLES)).join('');
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Draws word ranks with a Zipf-like (1/rank) distribution, as in natural text. */
function zipfSampler(rand: Rand, n: number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / (i + 1);
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface GeneratedProduct {
  id: number;
  title: string;
  description: string;
  pricePaise: number;
  /** index into CATEGORIES */
  category: number;
  images: number;
}

function titleFor(rand: Rand, category: string): string {
  const model = () => `${pick(rand, ['v', 'Mk ', 'Gen ', 'Series ', ''])}${int(rand, 1, 9)}`;
  switch (category) {
    case 'Workshops':
      return `${pick(rand, WORKSHOPS)} ${pick(rand, ['', '', 'Online ', 'Weekend ', 'Batch '])}${int(rand, 1, 40)}`.replace(/ +/g, ' ');
    case 'Components':
      return `${pick(rand, BRANDS)} ${pick(rand, COMPONENTS)} ${pick(rand, ['', 'Pack of 2', 'Pack of 5', 'Pro', model()])}`.trim();
    case 'Sensors':
      return `${pick(rand, BRANDS)} ${pick(rand, SENSORS)} Module ${model()}`;
    case 'Tools and Accessories':
      return `${pick(rand, BRANDS)} ${pick(rand, TOOLS)} ${pick(rand, ['', 'Deluxe', 'Compact', model()])}`.trim();
    default: {
      const brand = category.split(' ')[0]!;
      const thing = pick(rand, KIT_THINGS[category]!);
      return `${rand() < 0.8 ? brand : pick(rand, BRANDS)} ${pick(rand, SERIES)} ${thing} Kit ${model()}`;
    }
  }
}

/** Yields `count` products, ids 1..count, always the same for the same seed. */
export function* generateCatalogue(count: number, seed = 20240611): Generator<GeneratedProduct> {
  const rand = prng(seed);
  const words = vocabulary(rand);
  const nextWord = zipfSampler(rand, words.length);
  for (let id = 1; id <= count; id++) {
    const category = Math.floor(rand() * CATEGORIES.length);
    const title = titleFor(rand, CATEGORIES[category]!);
    const length = int(rand, 20, 60);
    const sentences: string[] = [];
    let sentence: string[] = [];
    for (let i = 0; i < length; i++) {
      // A tenth of the words repeat the title's words, as real descriptions do.
      const word = rand() < 0.1 ? pick(rand, title.toLowerCase().split(' ')) : words[nextWord()]!;
      sentence.push(word);
      if (sentence.length >= int(rand, 6, 14) || i === length - 1) {
        const text = sentence.join(' ');
        sentences.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
        sentence = [];
      }
    }
    yield {
      id,
      title,
      description: sentences.join(' '),
      pricePaise: CATEGORIES[category] === 'Workshops' && rand() < 0.1 ? 0 : int(rand, 99, 49_999) * 100,
      category,
      images: int(rand, 1, 4),
    };
  }
}

/** The rarest generated word of the vocabulary (for the "rare word" query). */
export function rareWord(seed = 20240611): string {
  const words = vocabulary(prng(seed));
  return words[words.length - 1]!;
}
