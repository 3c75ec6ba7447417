/** "1 offer", "2 offers". */
export const offersText = (count: number) => `${count} ${count === 1 ? 'offer' : 'offers'}`;
