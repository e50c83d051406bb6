// A child's record as GET /admin/sponsorship/children/:id answers it to staff (a child waiting for a
// sponsor, no consents, photos or sponsorships), with the parts a test cares about overridden.
import type { StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';

export const staffChildDetail = (child: Partial<StaffChildDetail['child']> = {}, rest: Partial<Omit<StaffChildDetail, 'child'>> = {}): StaffChildDetail =>
  ({
    child: {
      id: 7,
      firstName: 'Kevin',
      fullName: 'Kevin Ejemplo Ficticio',
      status: 'waiting',
      statusReason: null,
      takenPlaces: 0,
      sponsorPlaces: 1,
      birthDate: '2012-04-18',
      department: 'Chimaltenango',
      programId: null,
      story: '',
      storedStory: '',
      storyApproved: false,
      community: '',
      school: '',
      guardianName: '',
      familySituation: '',
      notes: '',
      ...child,
    },
    consents: [],
    photos: [],
    sponsorships: [],
    ...rest,
  }) as StaffChildDetail;
