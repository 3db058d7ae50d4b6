import { BRAND_NAME } from '@structomate/contract';

/**
 * Demo content for a fresh embedded database: a three-block, eight-floor building with a mix of
 * studios, family flats and two penthouses, so the listing's filter, sort and pages have something
 * real to work on. Apartment n uses the artwork `assets/apartments/apartment-NN.webp`.
 */

export interface DemoApartment {
  apartmentNo: string;
  blockName: string;
  floorNo: number;
  rent: number;
  details: string;
}

export const demoApartments: DemoApartment[] = [
  {
    apartmentNo: 'A-101',
    blockName: 'A',
    floorNo: 1,
    rent: 18500,
    details:
      'Studio, 1 bathroom, 480 sq ft. Garden-level unit with a private patio and a compact kitchen.',
  },
  {
    apartmentNo: 'A-202',
    blockName: 'A',
    floorNo: 2,
    rent: 27500,
    details:
      '1 bedroom, 1 bathroom, 690 sq ft. Bright corner living room with windows on two sides.',
  },
  {
    apartmentNo: 'A-301',
    blockName: 'A',
    floorNo: 3,
    rent: 42000,
    details:
      '2 bedrooms, 2 bathrooms, 1,050 sq ft. Open-plan kitchen with an island and a west balcony.',
  },
  {
    apartmentNo: 'A-404',
    blockName: 'A',
    floorNo: 4,
    rent: 31000,
    details: '1 bedroom with study nook, 1 bathroom, 760 sq ft. Quiet courtyard side.',
  },
  {
    apartmentNo: 'A-502',
    blockName: 'A',
    floorNo: 5,
    rent: 56500,
    details:
      '3 bedrooms, 2 bathrooms, 1,380 sq ft. Family layout with a separate dining room and storage.',
  },
  {
    apartmentNo: 'A-603',
    blockName: 'A',
    floorNo: 6,
    rent: 45500,
    details: '2 bedrooms, 2 bathrooms, 1,120 sq ft. Park view, walk-in wardrobe, utility room.',
  },
  {
    apartmentNo: 'A-701',
    blockName: 'A',
    floorNo: 7,
    rent: 61000,
    details:
      '3 bedrooms, 3 bathrooms, 1,460 sq ft. Wraparound balcony and a kitchen with a breakfast bar.',
  },
  {
    apartmentNo: 'A-801',
    blockName: 'A',
    floorNo: 8,
    rent: 125000,
    details:
      'Penthouse: 4 bedrooms, 4 bathrooms, 2,600 sq ft. Double-height living room and a private roof terrace.',
  },
  {
    apartmentNo: 'B-102',
    blockName: 'B',
    floorNo: 1,
    rent: 21000,
    details: 'Studio with sleeping alcove, 1 bathroom, 530 sq ft. Step-free access from the lobby.',
  },
  {
    apartmentNo: 'B-203',
    blockName: 'B',
    floorNo: 2,
    rent: 33500,
    details:
      '1 bedroom, 1 bathroom, 720 sq ft. Renovated bathroom and built-in shelving in the living room.',
  },
  {
    apartmentNo: 'B-301',
    blockName: 'B',
    floorNo: 3,
    rent: 39000,
    details: '2 bedrooms, 1 bathroom, 980 sq ft. Sunny east-facing rooms and a small balcony.',
  },
  {
    apartmentNo: 'B-402',
    blockName: 'B',
    floorNo: 4,
    rent: 48000,
    details:
      '2 bedrooms, 2 bathrooms, 1,150 sq ft. Corner unit with a home-office corner and city views.',
  },
  {
    apartmentNo: 'B-504',
    blockName: 'B',
    floorNo: 5,
    rent: 36500,
    details: '1 bedroom, 1 bathroom, 800 sq ft. Large kitchen with a dining table for six.',
  },
  {
    apartmentNo: 'B-601',
    blockName: 'B',
    floorNo: 6,
    rent: 67500,
    details:
      '3 bedrooms, 2 bathrooms, 1,520 sq ft. Two balconies, en-suite main bedroom, servant room.',
  },
  {
    apartmentNo: 'B-703',
    blockName: 'B',
    floorNo: 7,
    rent: 52000,
    details:
      '2 bedrooms, 2 bathrooms, 1,210 sq ft. Skyline views and a reading nook by the window.',
  },
  {
    apartmentNo: 'B-802',
    blockName: 'B',
    floorNo: 8,
    rent: 98000,
    details:
      '4 bedrooms, 3 bathrooms, 2,150 sq ft. Top-floor family home with a sun room and terrace.',
  },
  {
    apartmentNo: 'C-101',
    blockName: 'C',
    floorNo: 1,
    rent: 16500,
    details:
      'Studio, 1 bathroom, 450 sq ft. Efficient layout with a fold-away desk. Ideal for one.',
  },
  {
    apartmentNo: 'C-204',
    blockName: 'C',
    floorNo: 2,
    rent: 24500,
    details: '1 bedroom, 1 bathroom, 640 sq ft. Faces the inner garden; quiet at night.',
  },
  {
    apartmentNo: 'C-302',
    blockName: 'C',
    floorNo: 3,
    rent: 44500,
    details:
      '2 bedrooms, 2 bathrooms, 1,090 sq ft. Open living and dining space with floor-to-ceiling windows.',
  },
  {
    apartmentNo: 'C-403',
    blockName: 'C',
    floorNo: 4,
    rent: 29500,
    details: '1 bedroom, 1 bathroom, 700 sq ft. Balcony over the courtyard and a walk-in pantry.',
  },
  {
    apartmentNo: 'C-501',
    blockName: 'C',
    floorNo: 5,
    rent: 72000,
    details:
      '3 bedrooms, 3 bathrooms, 1,640 sq ft. Corner living room, guest bathroom, two parking-friendly storage rooms.',
  },
  {
    apartmentNo: 'C-602',
    blockName: 'C',
    floorNo: 6,
    rent: 50500,
    details: '2 bedrooms, 2 bathrooms, 1,180 sq ft. Generous balcony with room for a dining table.',
  },
  {
    apartmentNo: 'C-704',
    blockName: 'C',
    floorNo: 7,
    rent: 58500,
    details:
      '3 bedrooms, 2 bathrooms, 1,400 sq ft. High ceilings and a kitchen that opens to the living room.',
  },
  {
    apartmentNo: 'C-801',
    blockName: 'C',
    floorNo: 8,
    rent: 145000,
    details:
      'Penthouse: 4 bedrooms, 4 bathrooms, 2,900 sq ft. Panoramic terrace, private lift lobby, study.',
  },
];

export type DemoRole = 'admin' | 'member' | 'user';

export interface DemoAccount {
  role: DemoRole;
  email: string;
  password: string;
  displayName: string;
  /** When the account was made, before its lease was signed; none: when the demo is seeded. */
  joinedAt?: string;
}

/** Listed in the start-up banner and the README; created only in demo mode. */
export const demoAccounts: DemoAccount[] = [
  {
    role: 'admin',
    email: 'admin@structo.com',
    password: 'Admin1234',
    displayName: 'Nadia Rahman',
    joinedAt: '2024-12-02T08:00:00Z',
  },
  {
    role: 'member',
    email: 'member@structo.com',
    password: 'Member1234',
    displayName: 'Tanvir Hossain',
    // His lease was signed on 10 January 2025.
    joinedAt: '2025-01-06T14:20:00Z',
  },
  { role: 'user', email: 'user@structo.com', password: 'User1234', displayName: 'Farhana Akter' },
  // A former tenant: his lease ended two months ago with two months of rent unpaid.
  {
    role: 'user',
    email: 'former@structo.com',
    password: 'Former1234',
    displayName: 'Rahim Uddin',
    // His lease was signed on 1 March 2025.
    joinedAt: '2025-02-24T10:05:00Z',
  },
];

/** The demo member's lease. */
export const demoMemberApartmentNo = 'B-402';

/** The apartment the demo's former tenant left. */
export const demoFormerTenant = { email: 'former@structo.com', apartmentNo: 'A-603' } as const;

export const demoCoupon = {
  code: 'STRUCTO25',
  heading: 'Special Offer!',
  description: '25% OFF on first month rent',
  percentage: 25,
  validUntil: '2025-02-05',
} as const;

export const demoAnnouncements: {
  title: string;
  details: string;
  type: 'user' | 'member' | 'all';
}[] = [
  {
    title: 'Welcome to StructoMate',
    details:
      'Browse the apartments, sign a lease request online and follow its status from your dashboard.\nOur front desk is open every day from 9 am to 8 pm.',
    type: 'all',
  },
  {
    title: 'Viewing days this month',
    details:
      'Show flats are open for viewing on Fridays and Saturdays between 10 am and 4 pm.\nAsk the front desk for a key card.',
    type: 'user',
  },
  {
    title: 'Water tank cleaning on Sunday',
    details:
      'The roof tanks will be cleaned on Sunday from 10 am to 1 pm. Please store some water the night before.',
    type: 'member',
  },
  {
    title: 'Rent reminder',
    details:
      'Rent is due on or before the 1st of each month. You can pay by card from Make Payment in your dashboard.',
    type: 'member',
  },
];

/** The demo building's profile (Building settings), with the spec's footer social links. */
export const demoBuilding = {
  name: BRAND_NAME,
  address: 'Road 11, Banani, Dhaka 1213, Bangladesh',
  contactEmail: 'office@structo.com',
  contactPhone: '+880 2 5555 0100',
  emergencyPhone: '+880 1700 000 999',
  socialLinks: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    x: 'https://x.com/',
    linkedin: 'https://www.linkedin.com/',
  },
};
