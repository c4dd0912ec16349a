/**
 * The demo catalogue seeded on an empty database, so that a new shop has
 * something to browse. Prices are in paise.
 */
interface DemoProduct {
  title: string;
  description: string;
  pricePaise: number;
  images: number;
}

export interface DemoCategory {
  type: string;
  /** two gradient colours and an icon for the generated pictures */
  colors: [string, string];
  icon: 'robot' | 'arm' | 'blocks' | 'drone' | 'workshop' | 'chip';
  products: DemoProduct[];
}

const rs = (rupees: number) => Math.round(rupees * 100);

export const DEMO_CATALOGUE: DemoCategory[] = [
  {
    type: 'Robobox Kits',
    colors: ['#2563eb', '#0ea5e9'],
    icon: 'robot',
    products: [
      { title: 'Robobox Starter Kit', pricePaise: rs(2499), images: 3, description: 'Build your first robot in an afternoon. The Robobox Starter Kit includes an Arduino-compatible controller, two geared BO motors with wheels, a caster, an ultrasonic sensor, a battery holder and a step-by-step booklet with 12 projects for ages 10 and up.' },
      { title: 'Robobox Line Follower Kit', pricePaise: rs(2999), images: 2, description: 'A fast line-following robot with a five-channel IR sensor array and PID tuning. Learn how sensors, feedback and motor control work together, then race it on the printed track that comes in the box.' },
      { title: 'Robobox Obstacle Avoider Kit', pricePaise: rs(3199), images: 4, description: 'Teach a robot to see. An ultrasonic sensor on a servo mount scans the road ahead and the robot picks the clearest path. Includes sample code in Arduino C and block-based programming.' },
      { title: 'Robobox Bluetooth Car Kit', pricePaise: rs(3499), images: 2, description: 'Drive your robot from an Android phone over Bluetooth. The kit adds an HC-05 module, LED headlights and a buzzer to the Robobox chassis; the free companion app has joystick and tilt controls.' },
      { title: 'Robobox Sumo Bot Kit', pricePaise: rs(4299), images: 3, description: 'A competition-ready mini sumo robot with a metal front blade, high-torque motors and edge-detection sensors. Meets the 10 x 10 cm mini sumo rules used at Indian school robotics leagues.' },
      { title: 'Robobox Starter Kit - School Edition', pricePaise: 0, images: 2, description: 'A free Robobox starter kit for government and aided schools starting a robotics club. One kit per school: fill in the school details form and our team will get in touch to arrange delivery and a teacher orientation session.' },
    ],
  },
  {
    type: 'Mechatronics Kits',
    colors: ['#7c3aed', '#c026d3'],
    icon: 'arm',
    products: [
      { title: 'Mechatronics Robotic Arm Kit (4 DOF)', pricePaise: rs(5499), images: 4, description: 'A four-axis robotic arm with metal-gear servos, a gripper and a joystick controller. Record and replay movements, or program pick-and-place routines from your computer. Acrylic frame, fully bolted, no soldering.' },
      { title: 'Mechatronics Conveyor Belt Kit', pricePaise: rs(4599), images: 2, description: 'A working model of a factory conveyor with a DC gear motor, speed control and an IR object counter. Pair it with the robotic arm kit to build a small automated sorting line.' },
      { title: 'Mechatronics Smart Home Kit', pricePaise: rs(3899), images: 3, description: 'Automate a model house: motion-sensing lights, a temperature-controlled fan, a servo door lock with keypad and a gas alarm. Twenty guided lessons cover sensors, relays and safe wiring.' },
      { title: 'Mechatronics Pick and Place Kit', pricePaise: rs(6299), images: 2, description: 'A gantry-style pick and place machine driven by stepper motors and lead screws. Learn G-code basics, homing with limit switches and coordinate systems used in CNC machines.' },
      { title: 'Mechatronics Hydraulic Arm Kit', pricePaise: rs(1299), images: 1, description: 'A syringe-powered hydraulic arm that needs no batteries. A favourite for science fairs: it shows Pascal\'s law in action and teaches levers, pivots and fluid power.' },
      { title: 'Mechatronics Automatic Door Kit', pricePaise: rs(1999), images: 2, description: 'A sliding door that opens when someone approaches, using a PIR sensor, a geared motor and end stops. Includes a printed plan for building the door frame from cardboard or foam board.' },
    ],
  },
  {
    type: 'Blix Kits',
    colors: ['#ea580c', '#f59e0b'],
    icon: 'blocks',
    products: [
      { title: 'Blix Junior Building Kit', pricePaise: rs(1499), images: 3, description: 'Two hundred snap-fit Blix blocks, wheels, axles and gears for young builders aged 6 to 9. Twenty picture-guided models, from a windmill to a delivery truck, build spatial thinking and fine motor skills.' },
      { title: 'Blix Gear Explorer Kit', pricePaise: rs(1899), images: 2, description: 'Discover how gears, pulleys and cranks move the world. Build a hand-cranked fan, a clock mechanism and a gearbox, and measure speed ratios with the activity cards.' },
      { title: 'Blix Solar Rover Kit', pricePaise: rs(2199), images: 3, description: 'A Blix rover powered by a 2 V solar panel. Swap between three gear ratios and race it in the sun. Teaches renewable energy and the trade-off between speed and torque.' },
      { title: 'Blix Wind Turbine Kit', pricePaise: rs(1699), images: 2, description: 'Build a wind turbine with adjustable blade pitch that lights an LED and charges a small capacitor. Experiment with blade shapes and record the voltage in the lab notebook.' },
      { title: 'Blix Crane Builder Kit', pricePaise: rs(2599), images: 4, description: 'A motorised tower crane with a rotating jib, a winch and a remote control. Over 350 Blix parts; the instructions include a lesson on balance, counterweights and load limits.' },
    ],
  },
  {
    type: 'Drone Kits',
    colors: ['#0f766e', '#22c55e'],
    icon: 'drone',
    products: [
      { title: 'Drone Kit F450 Quadcopter DIY', pricePaise: rs(14999), images: 4, description: 'A full-size F450 quadcopter kit: frame, four 1000 KV brushless motors, 30 A ESCs, propellers, a flight controller, a 6-channel transmitter and a 3S battery. Build, calibrate and fly your own drone with our video course.' },
      { title: 'Mini Drone Kit for Beginners', pricePaise: rs(4999), images: 3, description: 'A palm-sized programmable drone for learning to fly safely indoors. Prop guards, altitude hold and a Python and block-coding interface for classroom missions.' },
      { title: 'FPV Racing Drone Kit 250', pricePaise: rs(18999), images: 3, description: 'A 250 mm carbon-fibre racing quad with an FPV camera and 5.8 GHz video transmitter. For experienced builders: soldering required. Goggles sold separately.' },
      { title: 'Drone Flight Controller Kit', pricePaise: rs(3299), images: 2, description: 'An open-source flight controller with a 6-axis IMU, barometer and GPS port, plus the cables to connect receivers and ESCs. Learn PID loops and sensor fusion on a real autopilot.' },
      { title: 'Agriculture Sprayer Drone Trainer Kit', pricePaise: rs(24999), images: 2, description: 'A training model of an agricultural spraying drone with a 1 litre tank, pump and nozzles. Built for polytechnic and ITI labs teaching precision agriculture and drone operations.' },
    ],
  },
  {
    type: 'Workshops',
    colors: ['#be123c', '#f43f5e'],
    icon: 'workshop',
    products: [
      { title: 'Insights to Robotics', pricePaise: rs(999), images: 2, description: 'A two-day beginner robotics workshop for students from class 5 to class 10. Learn how robots sense, think and act, build a working robot in teams and take home a certificate.' },
      { title: 'All in one Masterclass', pricePaise: rs(7999), images: 3, description: 'An eight-week masterclass covering electronics, Arduino programming, sensors, IoT and robot building. Live online sessions every weekend with mentors, plus a kit shipped to your home.' },
      { title: 'Masterclass (Scratch to Pro)', pricePaise: rs(11999), images: 3, description: 'Go from Scratch block coding to Python and embedded C across twelve weeks. Projects include a game, a weather station and an autonomous robot. Suited to ages 12 and up.' },
      { title: 'Drone Building Weekend Workshop', pricePaise: rs(3499), images: 2, description: 'Build and fly a drone in one weekend. Covers flight physics, safety rules of the Digital Sky platform, motor and propeller selection, and a supervised flight session.' },
      { title: 'Arduino Bootcamp for Schools', pricePaise: rs(1499), images: 1, description: 'A one-day hands-on Arduino bootcamp run at your school for up to 40 students. Our trainers bring all the kits; every student codes blinking lights, sensors and a mini project.' },
    ],
  },
  {
    type: 'Components',
    colors: ['#334155', '#64748b'],
    icon: 'chip',
    products: [
      { title: 'Arduino Uno R3 Compatible Board', pricePaise: rs(549), images: 2, description: 'ATmega328P microcontroller board with USB cable, 14 digital I/O pins and 6 analog inputs. Works with the Arduino IDE and every Robobox project.' },
      { title: 'HC-SR04 Ultrasonic Distance Sensor', pricePaise: rs(89), images: 1, description: 'Measures distances from 2 cm to 400 cm with about 3 mm accuracy. The classic sensor for obstacle-avoiding robots and parking sensors.' },
      { title: 'SG90 Micro Servo Motor', pricePaise: rs(129), images: 2, description: 'A 9 g micro servo with 180 degree rotation and 1.8 kg-cm torque, with horns and screws. Ideal for grippers, pan-tilt mounts and small robotic arms.' },
      { title: 'L298N Dual Motor Driver Module', pricePaise: rs(179), images: 1, description: 'Drive two DC motors or one stepper motor at up to 2 A per channel. On-board 5 V regulator and screw terminals for quick wiring.' },
      { title: 'BO Motor with Wheel (Pair)', pricePaise: rs(199), images: 2, description: 'Two 150 RPM battery-operated gear motors with 65 mm rubber wheels. The standard drive for school robot chassis.' },
      { title: 'IR Obstacle Sensor Module', pricePaise: rs(59), images: 1, description: 'An infrared proximity sensor with adjustable range of 2 to 30 cm and a digital output. Use it for line following, edge detection and counting objects.' },
      { title: 'Jumper Wires Set (120 pcs)', pricePaise: rs(149), images: 1, description: 'Forty each of male-male, male-female and female-female 20 cm jumper wires in a rainbow ribbon. Enough for any breadboard project.' },
      { title: 'Breadboard 830 Points', pricePaise: rs(99), images: 1, description: 'A solderless breadboard with 830 tie points, two power rails and an adhesive back. Reusable for prototyping circuits again and again.' },
      { title: '18650 Li-ion Battery (2-Pack)', pricePaise: rs(399), images: 2, description: 'Two rechargeable 3.7 V 2200 mAh 18650 cells with protection circuits. Powers robot cars and drones; use with a matching charger and holder.' },
    ],
  },
];

export const DEMO_ADVERTS = [
  { headline: 'Build your first robot', sub: 'Robobox kits from ₹2,499', colors: ['#1d4ed8', '#06b6d4'] as [string, string] },
  { headline: 'Drone kits are here', sub: 'Learn to build and fly', colors: ['#047857', '#84cc16'] as [string, string] },
  { headline: 'Masterclass: Scratch to Pro', sub: 'Weekend batches now open', colors: ['#9f1239', '#f97316'] as [string, string] },
];
