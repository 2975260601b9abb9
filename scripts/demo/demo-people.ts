import type { DemoPerson } from './demo-data.ts';

const SCHOOL = 'Escarpment Heights Secondary School';

/**
 * Students (addresses starting with 1 at the school domain) and staff of the board's two schools, and
 * the employers and organisations that post. The first of each role marked `primary` is the printed demo login.
 */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    key: 'maya', role: 'student', age: 17, school: 'escarpment', name: 'Maya Patel', local: '1001', domain: 'school', primary: true,
    profile: {
      school: SCHOOL, interests: 'biology, animal care, soccer, photography', location: 'Oakville', isPublic: true, photo: 'berry',
      bio: 'Grade 11 student who wants to become a veterinarian. Captain of the junior girls soccer team, and I take photos for the yearbook.',
    },
    resume: {
      headline: 'Grade 11, Escarpment Heights SS',
      sections: [
        { title: 'Education', lines: ['Escarpment Heights Secondary School, Grade 11 (OSSD expected 2027)', 'Courses: Biology SBI3U (94%), Chemistry SCH3U (89%), Functions MCR3U (87%)'] },
        { title: 'Experience', lines: ['Volunteer, Oakville Humane Society: walked and socialised dogs (60 hours)', 'Yearbook photographer: covered 20+ school events'] },
        { title: 'Skills', lines: ['Standard First Aid and CPR-C', 'Bilingual English / Gujarati', 'Adobe Lightroom, Google Workspace'] },
      ],
    },
  },
  {
    key: 'liam', role: 'student', age: 16, school: 'escarpment', name: "Liam O'Connor", local: '1002', domain: 'school',
    profile: {
      school: SCHOOL, interests: 'robotics, computer science, basketball', location: 'Burlington', isPublic: true, photo: 'ocean',
      bio: 'Programmer on our FIRST Robotics team. I like building things that move and fixing computers for my neighbours.',
    },
    resume: {
      headline: 'Grade 12, robotics team programmer',
      sections: [
        { title: 'Education', lines: ['Escarpment Heights Secondary School, Grade 12', 'Computer Science ICS4U, Physics SPH4U, Calculus MCV4U'] },
        { title: 'Experience', lines: ['Lead programmer, FIRST Robotics team 9021 (Java, WPILib)', 'Cashier, corner store: weekend shifts for one year'] },
        { title: 'Skills', lines: ['Java, Python, Git', 'Customer service and cash handling'] },
      ],
    },
  },
  {
    key: 'aisha', role: 'student', age: 15, school: 'escarpment', name: 'Aisha Rahman', local: '1003', domain: 'school',
    profile: {
      school: SCHOOL, interests: 'graphic design, painting, tutoring', location: 'Milton', isPublic: false,
      bio: 'Artist and peer tutor. I keep my profile private while I build my portfolio.',
    },
    resume: {
      headline: 'Grade 11, visual arts and peer tutoring',
      sections: [
        { title: 'Education', lines: ['Escarpment Heights Secondary School, Grade 11 (Specialist High Skills Major: Arts and Culture)'] },
        { title: 'Experience', lines: ['Peer tutor, Grade 9 math (2 hours a week)', 'Designed posters for the school musical'] },
        { title: 'Skills', lines: ['Canva, Procreate, Figma basics', 'English, Urdu and Bengali'] },
      ],
    },
  },
  {
    key: 'ethan', role: 'student', age: 15, school: 'escarpment', name: 'Ethan Chen', local: '1004', domain: 'school',
    resume: {
      headline: 'Grade 10, looking for a first job',
      sections: [
        { title: 'Education', lines: ['Escarpment Heights Secondary School, Grade 10'] },
        { title: 'Experience', lines: ['Snow shovelling and lawn care for neighbours (2 winters)', 'Junior volunteer, Milton Public Library summer reading club'] },
        { title: 'Skills', lines: ['Reliable and punctual; bikes to work', 'Microsoft Excel basics'] },
      ],
    },
  },
  {
    key: 'nguyen', role: 'teacher', name: 'Ms. Linh Nguyen', local: 'l.nguyen', domain: 'school', primary: true,
    school: 'escarpment', staffRoles: ['teacher', 'counsellor', 'coop'],
    profile: {
      school: SCHOOL, interests: 'co-operative education, career planning, biology', location: 'Milton', isPublic: true, photo: 'leaf',
      bio: 'Guidance and co-op teacher. Drop by room 114 for co-op placements, volunteer hours and university applications.',
    },
  },
  {
    key: 'park', role: 'teacher', name: 'Mr. David Park', local: 'd.park', domain: 'school', school: 'escarpment', staffRoles: ['admin'], primaryAdmin: true,
  },
  { key: 'alvarez', role: 'teacher', name: 'Ms. Rosa Alvarez', local: 'r.alvarez', domain: 'school', school: 'lakeshore', staffRoles: ['admin'] },
  { key: 'walsh', role: 'teacher', name: 'Mr. Tom Walsh', local: 't.walsh', domain: 'school', school: 'lakeshore', staffRoles: ['teacher'] },
  {
    key: 'noah', role: 'student', age: 15, school: 'lakeshore', name: 'Noah Patel', local: '1101', domain: 'school',
    profile: {
      school: 'Lakeshore Collegiate', interests: 'cooking, hockey, music', location: 'Burlington', isPublic: true, photo: 'ocean',
      bio: 'Grade 10 at Lakeshore. Looking for weekend kitchen work and volunteer hours.',
    },
  },
  { key: 'mia', role: 'student', age: 14, school: 'lakeshore', name: 'Mia Johnson', local: '1102', domain: 'school' },
  {
    key: 'jordan', role: 'recruiter', name: 'Jordan Reyes', local: 'jordan.reyes', domain: 'greenleafmarkets.example', primary: true,
    profile: {
      interests: 'retail, youth hiring, food', location: 'Mississauga', isPublic: true, photo: 'sunset',
      bio: 'Youth hiring lead at Greenleaf Markets, a family-owned grocer with stores across Halton and Peel. Most of our store teams started with us in high school.',
    },
  },
  {
    key: 'priya', role: 'recruiter', name: 'Priya Shah', local: 'priya.shah', domain: 'northwindrobotics.example',
    profile: {
      interests: 'STEM outreach, robotics, software testing', location: 'Waterloo', isPublic: true, photo: 'grape',
      bio: 'Outreach manager at Northwind Robotics in Waterloo. We run camps and workshops and hire students every year.',
    },
  },
  { key: 'marco', role: 'recruiter', name: 'Marco Bianchi', local: 'marco.bianchi', domain: 'lakeshoreparks.example' },
  { key: 'grace', role: 'recruiter', name: 'Grace Okafor', local: 'grace.okafor', domain: 'harvesttable.example' },
  { key: 'sarah', role: 'recruiter', name: 'Sarah Thompson', local: 'sarah.thompson', domain: 'mail.example' },
  // New to the portal: her posting waits for a teacher's approval (see seed-approvals.ts).
  { key: 'dana', role: 'recruiter', name: 'Dana Brooks', local: 'dana.brooks', domain: 'brightsidecamps.example' },
];
